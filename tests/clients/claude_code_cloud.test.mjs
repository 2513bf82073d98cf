// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The HOPX cloud as a user meets it in Claude Code: an API key in the app's environment, the
// cloud a loopback fake that follows HOPX's OpenAPI documents (hopx-fake-cloud, built from
// tests/hopx/FakeHopxServer). Claude Code sends a progressToken with every call, which takes a
// Bash run over the agent's output stream; a Python plot must still reach the model as an image
// (the stream's result has no figures, so Python keeps the agent's POST /execute).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { claudeCode } from './clients.mjs';
import { binDir, cannotRun, runClient } from './harness.mjs';
import { received } from './scenarios.mjs';

const client = claudeCode;
const why = cannotRun(client);
if (why) {
  console.log(`SKIP ${client.name}: ${why}`);
  process.exit(77);
}

const PLOT = 'import matplotlib.pyplot as plt\nplt.plot([1, 4, 9, 16])\nplt.show()\nprint("plotted")';
// The fake's sandbox ids, as create_sandbox's result spells them.
const idOf = (steps) => /"id\\?":\\?"([^"\\]+)/.exec(JSON.stringify(steps[0]?.raw ?? ''))?.[1] ?? 'none';
const SCRIPT = [
  { key: 'create', tool: 'create_sandbox', input: { provider: 'hopx' } },
  { key: 'plot', tool: 'run', input: (s) => ({ sandbox_id: idOf(s), code: PLOT }) },
  { key: 'echo', tool: 'run', input: (s) => ({ sandbox_id: idOf(s), language: 'bash', code: 'echo streamed; sleep 1; echo done' }) },
  { key: 'delete', tool: 'manage_sandbox', input: (s) => ({ action: 'delete', sandbox_id: idOf(s) }) },
  { text: 'Plotted in the cloud.' },
];

// Starts the fake cloud; resolves with its base URL and API key.
function startCloud() {
  const child = spawn(join(binDir, 'hopx-fake-cloud'), [], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`hopx-fake-cloud exited with ${code}`)));
    child.stdout.on('data', (d) => {
      out += d;
      const m = /^(\S+) (\S+)\n/.exec(out);
      if (m) resolve({ child, baseUrl: m[1], apiKey: m[2] });
    });
  });
}

describe('Claude Code: a plot and a streamed run in a HOPX cloud sandbox', () => {
  let cloud;
  let run;
  const seen = (key) => received(client.dialect, run.model.steps[SCRIPT.findIndex((s) => s.key === key)]);
  before(async () => {
    cloud = await startCloud();
    run = await runClient(client, SCRIPT, {
      prompt: 'Plot a small line chart in a HOPX cloud sandbox.', toolTimeoutMs: 60000, limitMs: 90000,
      appEnv: { HOPX_API_KEY: cloud.apiKey, HOPX_BASE_URL: cloud.baseUrl },
    });
    for (const s of SCRIPT.filter((x) => x.key)) {
      const r = seen(s.key);
      console.log(`#   ${s.key}: ${r ? `${r.isError ? 'isError ' : ''}images ${r.images.length}; ${r.text.replace(/\s+/g, ' ').slice(0, 200)}` : 'nothing'}`);
    }
  });
  after(() => cloud?.child.kill('SIGKILL'));

  test('the sandbox is a HOPX one', () => {
    const r = seen('create');
    assert.notEqual(r.isError, true, r.text);
    assert.match(r.text, /"provider\\?":\s*\\?"hopx/, r.text);
  });

  test('the model received the plot as a PNG image, and the printed line', () => {
    const r = seen('plot');
    assert.notEqual(r.isError, true, r.text);
    assert.equal(r.images.length, 1, JSON.stringify(r));
    assert.equal(r.images[0].png, true);
    assert.equal(r.base64InText, false);
    assert.match(r.text, /plotted/);
  });

  test('a Bash run gave its whole output', () => {
    const r = seen('echo');
    assert.notEqual(r.isError, true, r.text);
    assert.match(r.text, /streamed\\n.*done/s, r.text);
  });

  test('the sandbox was deleted', () => {
    const r = seen('delete');
    assert.notEqual(r.isError, true, r.text);
  });
});
