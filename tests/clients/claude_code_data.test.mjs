// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// README "Work with your files", as a user meets it in Claude Code: its working folder is its
// root (Claude Code declares it), the model mounts it in a sandbox, analyses data.csv with
// pandas and puts summary.csv next to it. Claude Code run with -p answers every elicitation
// with "cancel", so that run is the declined consent; the one that works is the user's other
// way to say yes, the folder approved in the app's settings.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { claudeCode } from './clients.mjs';
import { cannotRun, runClient } from './harness.mjs';
import { received } from './scenarios.mjs';

const client = claudeCode;
const why = cannotRun(client);
if (why) {
  console.log(`SKIP ${client.name}: ${why}`);
  process.exit(77);
}

const DATA = 'city,temp\nOslo,4\nOslo,6\nLima,19\nLima,21\n';
const SANDBOX_ID = /local-[A-Za-z0-9_-]+/;
const idOf = (steps) => SANDBOX_ID.exec(JSON.stringify(steps[0]?.raw ?? ''))?.[0] ?? 'local-none';
// The root is mounted at /project/<its folder's name>.
const ANALYSIS = 'import pandas as pd, glob\n'
  + 'src = glob.glob("/project/*/data.csv")[0]\n'
  + 'df = pd.read_csv(src)\n'
  + 's = df.groupby("city")["temp"].mean().reset_index()\n'
  + 's.to_csv("/workspace/summary.csv", index=False)\n'
  + 'print("read", src, len(df), "rows")';
let project = null; // the client's folder, once runClient made it
const download = (s) => ({ action: 'download', sandbox_id: idOf(s), path: '/workspace/summary.csv', host_path: `${project}/summary.csv` });
const ANALYSE = [
  { key: 'create', tool: 'create_sandbox', input: { mount_roots: true } },
  { key: 'write', tool: 'run', input: (s) => ({ sandbox_id: idOf(s), language: 'bash', code: 'touch "$(ls -d /project/*)/mine.txt"' }) },
  { key: 'analyse', tool: 'run', input: (s) => ({ sandbox_id: idOf(s), code: ANALYSIS }) },
  { key: 'download', tool: 'host_files', input: download },
  { key: 'again', tool: 'host_files', input: download },
  { key: 'delete', tool: 'manage_sandbox', input: (s) => ({ action: 'delete', sandbox_id: idOf(s) }) },
  { text: 'summary.csv is next to data.csv.' },
];
const DECLINED = [
  { key: 'create', tool: 'create_sandbox', input: { mount_roots: true } },
  { key: 'list', tool: 'manage_sandbox', input: { action: 'list' } },
  { text: 'You did not allow it, so nothing was mounted.' },
];

describe('Claude Code: the project folder in a sandbox, data.csv in, summary.csv out', () => {
  let ok;
  let declined;
  const seen = (run, script, key) => received(client.dialect, run.model.steps[script.findIndex((s) => s.key === key)]);
  before(async () => {
    const common = { prompt: 'Summarise data.csv into summary.csv next to it.', toolTimeoutMs: 60000, limitMs: 90000,
      project: { 'data.csv': DATA }, onProject: (dir) => { project = dir; } };
    ok = await runClient(client, ANALYSE, { ...common, approveProject: true });
    declined = await runClient(client, DECLINED, common);
    for (const [run, script] of [[ok, ANALYSE], [declined, DECLINED]]) {
      for (const s of script.filter((x) => x.key)) {
        const r = seen(run, script, s.key);
        console.log(`#   ${s.key}: ${r ? `${r.isError ? 'isError ' : ''}${r.text.replace(/\s+/g, ' ').slice(0, 200)}` : 'nothing'}`);
      }
    }
  });

  test('the model mounted the approved project, read-only', () => {
    const r = seen(ok, ANALYSE, 'create');
    assert.notEqual(r.isError, true, r.text);
    assert.match(r.text, /\/project\//, r.text);
    const w = seen(ok, ANALYSE, 'write');
    assert.match(w.text, /Read-only file system/i, w.text);
  });
  test('pandas read data.csv from /project', () => {
    const r = seen(ok, ANALYSE, 'analyse');
    assert.match(r.text, /read \/project\/[^ ]+\/data\.csv 4 rows/, r.text);
  });
  test('host_files download put summary.csv next to data.csv, and will not overwrite it', () => {
    const r = seen(ok, ANALYSE, 'download');
    assert.notEqual(r.isError, true, r.text);
    assert.equal(ok.projectFiles['summary.csv'], 'city,temp\nLima,20.0\nOslo,5.0\n');
    assert.equal(ok.projectFiles['data.csv'], DATA);
    assert.equal(ok.projectFiles['mine.txt'], undefined);
    const again = seen(ok, ANALYSE, 'again');
    assert.equal(again.isError, true, again.text);
    assert.match(again.text, /exists|overwrite/i, again.text);
  });
  test('declined consent: the model reads an error and no sandbox was made', () => {
    const r = seen(declined, DECLINED, 'create');
    assert.equal(r.isError, true, r.text);
    assert.match(r.text, /declined|did not allow/i, r.text);
    const list = seen(declined, DECLINED, 'list');
    assert.doesNotMatch(list.text, SANDBOX_ID, list.text);
  });
});
