// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Consent in the app (issue 34): clients that answer every elicitation with "cancel" without
// asking anyone (Codex, `claude -p`) or cannot elicit (Copilot CLI -p). The model mounts the
// project folder, or, from a client without roots, uploads a file from it by its path; the call
// waits for the app's own approval, which hopx-desktop-testserver's --press-approval gives as the
// list's buttons do (Always, after a pause), and the folder is used and kept in the settings;
// "Deny" reaches the model as a clear refusal. Run as: node approvals.test.mjs <client>.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { cannotRun, runClient } from './harness.mjs';
import { received } from './scenarios.mjs';
import * as clients from './clients.mjs';

const client = clients[process.argv[2]];
if (!client) throw new Error(`usage: approvals.test.mjs ${Object.keys(clients).filter((k) => clients[k].bin).join('|')}`);
const why = cannotRun(client);
if (why) {
  console.log(`SKIP ${client.name}: ${why}`);
  process.exit(77);
}

const SANDBOX_ID = /local-[A-Za-z0-9_-]+/;
// Codex and Copilot CLI declare no roots (their create_sandbox with mount_roots gets "This client
// does not declare roots"): nothing to mount, so their model uploads the file by its path, and
// the app asks about its folder. Codex exec declines every elicitation at once, claude -p
// cancels, Copilot CLI -p asks no one either: all reach the app's own question.
const hasRoots = !['codex', 'copilot'].includes(client.bin);
const idOf = (steps) => SANDBOX_ID.exec(JSON.stringify(steps[0]?.raw ?? ''))?.[0] ?? 'local-none';
const MOUNT = [
  { key: 'create', tool: 'create_sandbox', input: { mount_roots: true } },
  { key: 'read', tool: 'run', input: (s) => ({ sandbox_id: idOf(s), language: 'bash', code: 'cat /project/*/data.csv' }) },
  { key: 'delete', tool: 'manage_sandbox', input: (s) => ({ action: 'delete', sandbox_id: idOf(s) }) },
  { text: 'Read it.' },
];
const DENIED = [
  { key: 'create', tool: 'create_sandbox', input: { mount_roots: true } },
  { text: 'You did not allow it.' },
];
// The project folder of the run under way (runClient's onProject).
let project = '';
const UPLOAD = [
  { key: 'create', tool: 'create_sandbox', input: {} },
  { key: 'upload', tool: 'host_files', input: (s) => ({ action: 'upload', sandbox_id: idOf(s), host_path: `${project}/data.csv` }) },
  { key: 'read', tool: 'run', input: (s) => ({ sandbox_id: idOf(s), language: 'bash', code: 'cat /workspace/data.csv' }) },
  { key: 'delete', tool: 'manage_sandbox', input: (s) => ({ action: 'delete', sandbox_id: idOf(s) }) },
  { text: 'Read it.' },
];
const DENIED_UPLOAD = UPLOAD.slice(0, 2).concat({ text: 'You did not allow it.' });
// The step whose consent each kind of client meets: its roots mounted, or the file uploaded.
const [ALLOWED, REFUSED, ASKED] = hasRoots ? [MOUNT, DENIED, 'create'] : [UPLOAD, DENIED_UPLOAD, 'upload'];
const DATA = 'city,temp\nOslo,4\n';
// Internet access for a new local sandbox asks the same way (for clients without roots too).
const ONLINE = [
  { key: 'create', tool: 'create_sandbox', input: { internet_access: true } },
  { key: 'delete', tool: 'manage_sandbox', input: (s) => ({ action: 'delete', sandbox_id: idOf(s) }) },
  { text: 'Created it.' },
];

describe(`${client.name}: host folders wait for the approval asked in HOPX Desktop`, () => {
  let allowed;
  let denied;
  const seen = (run, script, key) => received(client.dialect, run.model.steps[script.findIndex((s) => s.key === key)]);
  before(async () => {
    const common = { prompt: 'Read data.csv in a sandbox.', toolTimeoutMs: 60000, limitMs: 90000,
      project: { 'data.csv': DATA }, onProject: (dir) => { project = dir; } };
    allowed = await runClient(client, ALLOWED, { ...common, testServerArgs: ['--press-approval', 'always:1500'] });
    denied = await runClient(client, REFUSED, { ...common, testServerArgs: ['--press-approval', 'deny:300'] });
    for (const [run, script] of [[allowed, ALLOWED], [denied, REFUSED]]) {
      for (const s of script.filter((x) => x.key)) {
        const r = seen(run, script, s.key);
        console.log(`#   ${s.key}: ${r ? `${r.isError ? 'isError ' : ''}${r.text.replace(/\s+/g, ' ').slice(0, 240)}` : 'nothing'}`);
      }
      console.log(`#   app: ${(run.appLog.match(/approval (requested|answered): .*/g) ?? []).join(' | ')}`);
    }
  });

  test('the app asked its user, naming the client and the folder', () => {
    const asked = /approval requested: (.*)/.exec(allowed.appLog)?.[1] ?? '';
    assert.match(asked, /wants to read your folder/, allowed.appLog.slice(-2000));
    assert.ok(asked.includes(allowed.project), `${asked} names ${allowed.project}`);
    assert.match(allowed.appLog, /approval answered: AllowAlways/);
  });
  test(hasRoots ? 'after "Always" the folder is mounted read-only and stays approved'
    : 'after "Always" the file is in the sandbox and its folder stays approved', () => {
    const r = seen(allowed, ALLOWED, ASKED);
    assert.notEqual(r.isError, true, r.text);
    assert.match(r.text, hasRoots ? /\/project\// : /\/workspace\/data\.csv/, r.text);
    const read = seen(allowed, ALLOWED, 'read');
    assert.match(read.text, /Oslo,4/, read.text);
    assert.match(allowed.appSettings, /approvedFolders=/, allowed.appSettings);
    assert.ok(allowed.appSettings.includes(allowed.project), allowed.appSettings);
  });
  test('internet access waits for the app too, and "Deny" is a clear refusal', async () => {
    const common = { prompt: 'Make an online sandbox.', toolTimeoutMs: 60000, limitMs: 90000 };
    const online = await runClient(client, ONLINE, { ...common, testServerArgs: ['--press-approval', 'allow-once:1000'] });
    const offline = await runClient(client, ONLINE.slice(0, 1).concat({ text: 'Refused.' }),
      { ...common, testServerArgs: ['--press-approval', 'deny:300'] });
    const ok = seen(online, ONLINE, 'create');
    console.log(`#   online create: ${ok ? `${ok.isError ? 'isError ' : ''}${ok.text.slice(0, 300)}` : 'nothing'}`);
    assert.match(online.appLog, /approval requested: .*wants internet access/, online.appLog.slice(-2000));
    assert.match(online.appLog, /approval answered: AllowOnce/);
    // Allowed: the sandbox is made (where this machine can give it a network at all; in the
    // test's network namespace slirp4netns has no /dev/net/tun, which the error then says).
    assert.doesNotMatch(ok.text, /declined/, ok.text);
    assert.match(ok.text, /"id":"local-|could not give the sandbox network/i, ok.text);
    const no = received(client.dialect, offline.model.steps[0]);
    // (Codex's and Copilot CLI's models are not told isError; the words are what they read.)
    assert.match(no.text, /declined internet access .*denied in HOPX Desktop.*nothing was created/s, no.text);
  });
  test(`"Deny" reaches the model as a clear refusal, and nothing was ${hasRoots ? 'made' : 'copied'}`, () => {
    const r = seen(denied, REFUSED, ASKED);
    if (client.errorText) assert.match(r.text, client.errorText, r.text);
    else assert.notEqual(r.isError, false, r.text);
    assert.match(r.text, /did not allow/, r.text);
    assert.match(r.text, /denied in HOPX Desktop/, r.text);
    assert.doesNotMatch(denied.appSettings, /approvedFolders/, denied.appSettings);
  });
});
