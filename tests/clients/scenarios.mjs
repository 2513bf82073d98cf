// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The scripted session every client plays, and the assertions on what its model received.
// One client run covers every scenario (each client starts once: seconds, not minutes).
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cannotRun, runClient } from './harness.mjs';

const SANDBOX_ID = /local-[A-Za-z0-9_-]+/;
const PLOT = 'import matplotlib.pyplot as plt\nplt.plot([1, 4, 9, 16])\nplt.show()\nprint("plotted")';
const LONG = 'import time\nfor i in range(6):\n    print(f"step {i}", flush=True)\n    time.sleep(0.5)\nprint("long run done")';
// The client's own tool timeout cancels this call; the sleep's length marks its process.
const SLEEP = `sleep ${600 + Math.floor(Math.random() * 30000)}`;
// Polls the sandbox's processes until the cancelled sleep is gone (or says it is not).
const STOPPED_CHECK = 'for i in $(seq 100); do found=; for f in /proc/[0-9]*/cmdline; do '
  + `tr '\\0' ' ' < "$f" 2>/dev/null | grep -q '^${SLEEP} ' && found=1; done; `
  + '[ -z "$found" ] && { echo cancelled-run-stopped; exit 0; }; sleep 0.1; done; echo cancelled-run-still-running';
export const TOOL_TIMEOUT_MS = 10000;
// A client whose timeout restarts on every progress notification (opencode: the SDK's
// resetTimeoutOnProgress, no total cap) never times out a run that reports, and ours report
// every 2 s while silent; such a run ends at its own timeout instead, this one's.
const OWN_TIMEOUT_S = 15;
let cancelTimeout = 300;

function sandboxOf(steps) {
  const m = SANDBOX_ID.exec(JSON.stringify(steps[1]?.raw ?? ''));
  if (!m) throw new Error('create_sandbox gave no sandbox id');
  return m[0];
}

const NOTE = 'notes from the model: 42';
const CHECKPOINT_ID = /checkpoint_id[\\"]*:\s*[\\"]*([A-Za-z0-9_.:-]+)/;
function checkpointOf(steps) {
  const m = CHECKPOINT_ID.exec(JSON.stringify(steps[SCRIPT.findIndex((s) => s.key === 'checkpoint')]?.raw ?? ''));
  if (!m) throw new Error('checkpoint gave no checkpoint id');
  return m[1];
}

// The fork's own id: the first sandbox id in the fork's result that is not its parent's.
function forkOf(steps) {
  const parent = sandboxOf(steps);
  const raw = JSON.stringify(steps[SCRIPT.findIndex((s) => s.key === 'fork')]?.raw ?? '');
  const id = [...raw.matchAll(new RegExp(SANDBOX_ID, 'g'))].map((m) => m[0]).find((x) => x !== parent);
  if (!id) throw new Error('fork gave no new sandbox id');
  return id;
}

// The scenarios, in the order the model calls them, on the default (compact) tools.
// `key` names a step that tests look at.
export const SCRIPT = [
  { key: 'plotIsolated', tool: 'run', input: { code: PLOT } },
  { key: 'create', tool: 'create_sandbox', input: {} },
  { key: 'plotSandbox', tool: 'run', input: (s) => ({ sandbox_id: sandboxOf(s), code: PLOT }) },
  { key: 'text', tool: 'run', input: (s) => ({ sandbox_id: sandboxOf(s), language: 'bash', code: 'echo hi' }) },
  { key: 'error', tool: 'run', input: { sandbox_id: 'local-000000000000', language: 'bash', code: 'echo hi' } },
  { key: 'progress', tool: 'run', input: (s) => ({ sandbox_id: sandboxOf(s), code: LONG }) },
  { key: 'cancel', tool: 'run',
    input: (s) => ({ sandbox_id: sandboxOf(s), language: 'bash', code: `echo started; ${SLEEP}; echo never`, timeout: cancelTimeout }) },
  { key: 'afterCancel', tool: 'run', input: (s) => ({ sandbox_id: sandboxOf(s), language: 'bash', code: STOPPED_CHECK }) },
  { key: 'write', tool: 'file_write', input: (s) => ({ sandbox_id: sandboxOf(s), path: '/workspace/notes.txt', content: NOTE }) },
  { key: 'read', tool: 'file_read', input: (s) => ({ sandbox_id: sandboxOf(s), path: '/workspace/notes.txt' }) },
  { key: 'checkpoint', tool: 'checkpoint', input: (s) => ({ action: 'create', sandbox_id: sandboxOf(s), name: 'before' }) },
  { key: 'fork', tool: 'checkpoint',
    input: (s) => ({ action: 'fork', sandbox_id: sandboxOf(s), checkpoint_id: checkpointOf(s) }) },
  { key: 'forkRead', tool: 'file_read', input: (s) => ({ sandbox_id: forkOf(s), path: '/workspace/notes.txt' }) },
  { key: 'packages', tool: 'sandbox_info', input: (s) => ({ action: 'packages', sandbox_id: sandboxOf(s) }) },
  { key: 'health', tool: 'system', input: { action: 'health' } },
  // An action that needs a sandbox, called without one: the schema lets it through (only list
  // goes without), the route's target refuses it.
  { key: 'missingId', tool: 'manage_sandbox', input: { action: 'get' } },
  { key: 'delete', tool: 'manage_sandbox', input: (s) => ({ action: 'delete', sandbox_id: sandboxOf(s) }) },
  { text: 'All done: the plots, the echo, the error, the long run, the cancelled run, the files, the fork and the health check.' },
];
const PROMPT = 'Plot a small line chart with matplotlib, echo hi in a sandbox, and try a long job.';

const BASE64_RUN = /[A-Za-z0-9+/]{120,}={0,2}/;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// What the model read for one step, in the client's own terms reduced to: text, images, sizes.
export function received(dialect, step) {
  if (!step) return null;
  const v = dialect.view(step.raw);
  const text = v.texts.join('\n');
  const images = v.images.map((i) => {
    const bytes = Buffer.from(i.base64, 'base64');
    return { mediaType: i.mediaType, bytes: bytes.length, png: bytes.subarray(0, 8).equals(PNG) };
  });
  return { text, textChars: text.length, images, base64InText: BASE64_RUN.test(text), isError: v.isError };
}

function summary(r) {
  if (!r) return 'nothing (the step never ran)';
  const img = r.images.length ? r.images.map((i) => `${i.mediaType} ${i.bytes} B`).join(', ') : 'none';
  const head = r.text.replace(/\s+/g, ' ').slice(0, 160);
  return `${r.textChars} chars of text${r.base64InText ? ' WITH base64' : ''}; image: ${img}; isError: ${r.isError}; "${head}${r.text.length > 160 ? '…' : ''}"`;
}

// What the model received, per scenario, as JSON for the record (CTest sets the folder).
function writeReport(client, run, seen, script) {
  mkdirSync(process.env.HOPX_CLIENTS_REPORT, { recursive: true });
  const scenarios = Object.fromEntries(script.filter((x) => x.key).map((x) => {
    const r = seen(x.key);
    return [x.key, r && { ...r, text: r.text.length > 600 ? `${r.text.slice(0, 300)} … ${r.text.slice(-200)}` : r.text }];
  }));
  writeFileSync(join(process.env.HOPX_CLIENTS_REPORT, `${client.bin}.json`), JSON.stringify({
    client: client.name, package: client.pkg, sessions: run.sessions, exitCode: run.exitCode, seconds: run.seconds, scenarios,
  }, null, 2));
}

// The scenarios a chat client plays in about a minute: the plots, text, an error, the health
// check (each turn of a client that defers MCP tools costs it a search first).
export const SHORT = ['plotIsolated', 'create', 'plotSandbox', 'text', 'error', 'health', 'delete'];

// `known` maps a test title to the reason it fails today: those run as todo (expected failures),
// everything else as a normal assertion. `keys`: play only these scenarios (SHORT, say), in
// SCRIPT's order; `plotIsolated` and `create` come first, as later steps read the sandbox id.
export function clientSuite(client, known = {}, { keys = null } = {}) {
  const script = keys ? SCRIPT.filter((s) => !s.key || keys.includes(s.key)) : SCRIPT;
  const has = (key) => script.some((s) => s.key === key);
  const why = cannotRun(client);
  if (why) {
    // CTest reads exit code 77 as "skipped" (SKIP_RETURN_CODE) and shows this line.
    console.log(`SKIP ${client.name}: ${why}`);
    process.exit(77);
  }
  cancelTimeout = client.resetsTimeoutOnProgress ? OWN_TIMEOUT_S : 300;
  const titles = new Set();
  const it = (title, fn) => { titles.add(title); test(title, known[title] ? { todo: known[title] } : {}, fn); };
  let run;
  const seen = (key) => {
    const k = script.findIndex((s) => s.key === key);
    const r = received(client.dialect, run.model.steps[k]);
    assert.ok(r, `no result of ${key} reached the model (the first test says why)`);
    return r;
  };
  // The model is told the call failed: by the API's flag (is_error), where the client sets it,
  // or in the words a client puts before the text instead (errorText).
  const markedAsError = (r) => {
    if (client.errorText) assert.match(r.text, client.errorText, summary(r));
    else assert.notEqual(r.isError, false, `the client marks the result as an error where it can: ${summary(r)}`);
  };
  const peek = (key) => received(client.dialect, run.model.steps[script.findIndex((s) => s.key === key)]);
  describe(`${client.name} through ${client.http ? 'Streamable HTTP' : 'hopx-mcp'}, scripted model on loopback`, () => {
    before(async () => {
      run = await runClient(client, script, { prompt: PROMPT, toolTimeoutMs: TOOL_TIMEOUT_MS, limitMs: client.limitMs ?? 100000 });
      const era = run.sessions.map((s) => `${s.name} ${s.version} → ${s.protocol}`).join('; ') || 'no session';
      console.log(`# ${client.name}: exit ${run.exitCode} after ${run.seconds} s; MCP: ${era}`);
      for (const s of script.filter((x) => x.key)) console.log(`#   ${s.key}: ${summary(peek(s.key))}`);
      if (run.model.scriptErrors.length) console.log(`#   script: ${run.model.scriptErrors.join('; ')}`);
      if (process.env.HOPX_CLIENTS_REPORT) writeReport(client, run, peek, script);
    });

    test('the client finished the session and the model got every tool result', () => {
      assert.deepEqual(run.model.unknownTools, [], 'tools the client did not offer');
      assert.deepEqual(run.model.scriptErrors, []);
      for (const [k, s] of script.entries()) {
        if (s.key) assert.ok(run.model.steps[k], `no result reached the model for ${s.key} (${s.tool})\n${run.stderr.slice(-2000)}`);
      }
      assert.equal(run.exitCode, 0, run.stderr.slice(-2000));
      assert.ok(run.sessions.length >= 1, 'hopx-desktop saw no MCP session');
    });

    for (const key of ['plotIsolated', 'plotSandbox'].filter(has)) {
      it(`${key}: the model reads the printed line`, () => assert.match(seen(key).text, /plotted/));
      it(`${key}: the figure reaches the model as an image`, () => {
        const r = seen(key);
        assert.ok(r.images.some((i) => i.png && i.bytes > 1000), summary(r));
      });
      it(`${key}: no base64 inside the text the model reads`, () => assert.equal(seen(key).base64InText, false, summary(seen(key))));
      it(`${key}: the model reads hopx-mcp's result keys`, () => {
        for (const k of ['stdout', 'exit_code', 'rich_outputs', 'image/png']) assert.ok(seen(key).text.includes(k), `${k}: ${summary(seen(key))}`);
      });
      it(`${key}: a 1-line print with one plot costs a few hundred characters of text`, () => {
        assert.ok(seen(key).textChars <= 1000, summary(seen(key)));
      });
    }

    if (has('text')) it('text: the model reads stdout "hi", as text only', () => {
      const r = seen('text');
      assert.match(r.text, /\bhi\b/);
      assert.equal(r.images.length, 0);
      assert.equal(r.base64InText, false);
      assert.ok(r.textChars <= 1000, summary(r));
      assert.notEqual(r.isError, true);
    });

    if (has('health')) it('health: the model reads that the server is up and local sandboxes work', () => {
      const r = seen('health');
      // (Some clients hand the model the result as escaped JSON: \" for ".)
      assert.match(r.text, /\\?"status\\?":\s*\\?"ok/, summary(r));
      assert.match(r.text, /\\?"local\\?":\s*\{\s*\\?"available\\?":\s*true/, summary(r));
      assert.match(r.text, /\\?"default_provider\\?":\s*\\?"local/, summary(r));
      assert.notEqual(r.isError, true);
    });

    if (has('error')) it('error: the model reads that the sandbox does not exist', () => {
      const r = seen('error');
      assert.match(r.text, /local-000000000000|not found|no such|does not exist/i, summary(r));
      assert.equal(r.base64InText, false);
      // Every tool the error names is one the client offers (the compact tools): not
      // list_sandboxes, which only the full profile has.
      assert.doesNotMatch(r.text, /list_sandboxes/, summary(r));
    });
    if (has('error')) it('error: the client marks the result as an error where it can', () => markedAsError(seen('error')));

    if (has('missingId')) it('missingId: the model reads the argument it left out by the name it can send', () => {
      const r = seen('missingId');
      assert.match(r.text, /sandbox_id is required/, summary(r));
      // get_sandbox's own name for it, which manage_sandbox's schema refuses.
      assert.doesNotMatch(r.text, /arguments\.id\b/, summary(r));
      markedAsError(r);
    });

    if (has('progress')) it('progress: the model reads every line of a long run, once it finished', () => {
      const r = seen('progress');
      for (let i = 0; i < 6; ++i) assert.match(r.text, new RegExp(`step ${i}`), summary(r));
      assert.match(r.text, /long run done/);
    });

    if (has('cancel') && client.resetsTimeoutOnProgress) {
      it('cancel: progress keeps a silent run alive past the client\'s timeout; it ends at its own', () => {
        const r = seen('cancel');
        assert.match(r.text, new RegExp(`timed out after ${OWN_TIMEOUT_S} s`), summary(r));
        assert.match(r.text, /started/, summary(r));
      });
      it('cancel: the stopped run left no process in the sandbox', () => {
        assert.match(seen('afterCancel').text, /cancelled-run-stopped/, summary(seen('afterCancel')));
      });
    } else if (has('cancel')) {
      it('cancel: the model reads that the call was cancelled (the client\'s own timeout)', () => {
        const r = seen('cancel');
        assert.match(r.text, /timed out|cancel|abort/i, summary(r));
      });

      it('cancel: the cancellation reached the sandbox (its process is gone)', () => {
        assert.match(run.appLog, /cancelled request/, 'hopx-desktop got no notifications/cancelled');
        assert.match(seen('afterCancel').text, /cancelled-run-stopped/, summary(seen('afterCancel')));
      });
    }

    if (has('read')) it('files: the model reads back what it wrote', () => {
      assert.notEqual(seen('write').isError, true, summary(seen('write')));
      assert.match(seen('read').text, new RegExp(NOTE), summary(seen('read')));
    });

    if (has('checkpoint')) it('checkpoint: the model is told whether the variables are on the disk yet', () => {
      const r = seen('checkpoint');
      assert.notEqual(r.isError, true, summary(r));
      assert.match(r.text, /variables_on_disk/, summary(r));
      assert.match(r.text, /ckpt-[0-9a-f]{8}/, summary(r));
    });

    if (has('fork')) it('checkpoint and fork: the fork is a new sandbox, made from the checkpoint', () => {
      const r = seen('fork');
      assert.notEqual(r.isError, true, summary(r));
      const ids = [...r.text.matchAll(/local-[A-Za-z0-9_-]+/g)].map((m) => m[0]);
      assert.ok(ids.some((id) => id !== sandboxOf(run.model.steps)), summary(r));
    });

    if (has('forkRead')) it('checkpoint and fork: the model reads the checkpoint\'s file in the fork', () => {
      const r = seen('forkRead');
      assert.notEqual(r.isError, true, summary(r));
      assert.match(r.text, new RegExp(NOTE), summary(r));
    });

    if (has('packages')) it('packages: the model reads what the sandbox has installed', () => {
      const r = seen('packages');
      assert.notEqual(r.isError, true, summary(r));
      assert.match(r.text, /pandas/, summary(r));
      assert.match(r.text, /numpy/, summary(r));
    });

    const stale = Object.keys(known).filter((t) => !titles.has(t));
    if (stale.length) throw new Error(`expected failures name no test: ${stale.join('; ')}`);
  });
}
