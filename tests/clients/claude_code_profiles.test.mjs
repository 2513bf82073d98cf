// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Claude Code with the two profiles a user meets beyond the default scenarios: a config migrated
// from the Python server (hopx-mcp --tools hopx-mcp) running the seed README's flow by its old
// tool names, and the progress a person watches while a run goes on (the default profile):
// Claude Code shows a progress notification's message, so each must carry the newest output
// line, or say how long a silent run has been going.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { claudeCode } from './clients.mjs';
import { cannotRun, runClient } from './harness.mjs';
import { received } from './scenarios.mjs';

const client = claudeCode;
const why = cannotRun(client);
if (why) {
  console.log(`SKIP ${client.name}: ${why}`);
  process.exit(77);
}

// The Python hopx-mcp 0.2.x server's tools (issue #29): what a migrated config must offer.
const PYTHON_SERVER_TOOLS = ['health', 'list_templates', 'get_template', 'create_sandbox', 'list_sandboxes',
  'get_sandbox', 'delete_sandbox', 'update_sandbox_timeout', 'pause_sandbox', 'resume_sandbox', 'execute_code',
  'execute_code_isolated', 'execute_code_persistent', 'execute_code_rich', 'execute_code_background',
  'execute_code_async', 'execute_list_processes', 'execute_kill_process', 'run_command', 'run_command_background',
  'list_processes', 'file_read', 'file_write', 'file_list', 'file_exists', 'file_remove', 'file_mkdir', 'env_get',
  'env_set', 'env_clear', 'get_system_metrics', 'ping_vm', 'get_vm_info', 'cache_clear', 'cache_stats',
  'get_preview_url', 'get_agent_url'];
const SANDBOX_ID = /local-[A-Za-z0-9_-]+/;
const idOf = (steps) => SANDBOX_ID.exec(JSON.stringify(steps[1]?.raw ?? ''))?.[0] ?? 'local-none';

// The seed README: "Run Python in a fresh sandbox", then a sandbox kept across calls.
const SEED = [
  { key: 'isolated', tool: 'execute_code_isolated', input: { code: 'print(sum(range(10)))' } },
  { key: 'create', tool: 'create_sandbox', input: { template_id: 'code-interpreter' } },
  { key: 'execute', tool: 'execute_code', input: (s) => ({ sandbox_id: idOf(s), code: 'x = 6 * 7\nprint(x)' }) },
  { key: 'write', tool: 'file_write', input: (s) => ({ sandbox_id: idOf(s), path: '/workspace/answer.txt', content: 'forty-two' }) },
  { key: 'read', tool: 'file_read', input: (s) => ({ sandbox_id: idOf(s), path: '/workspace/answer.txt' }) },
  { key: 'delete', tool: 'delete_sandbox', input: (s) => ({ id: idOf(s) }) },
  { text: 'The answer is 42.' },
];

const STEPS = 'import time\nfor i in range(5):\n    print(f"step {i} of 5", flush=True)\n    time.sleep(0.5)';
const PROGRESS = [
  { key: 'create', tool: 'create_sandbox', input: {} },
  { key: 'steps', tool: 'run', input: (s) => ({ sandbox_id: SANDBOX_ID.exec(JSON.stringify(s[0]?.raw ?? ''))?.[0], code: STEPS }) },
  { key: 'silent', tool: 'run', input: (s) => ({ sandbox_id: SANDBOX_ID.exec(JSON.stringify(s[0]?.raw ?? ''))?.[0],
    code: 'import time\ntime.sleep(5)\nprint("awake")' }) },
  { text: 'Both runs finished.' },
];

describe('Claude Code: the hopx-mcp profile, and the progress a person reads', () => {
  let seed;
  let progress;
  let sent = [];
  const seen = (run, script, key) => received(client.dialect, run.model.steps[script.findIndex((s) => s.key === key)]);
  before(async () => {
    seed = await runClient(client, SEED, { prompt: 'Compute 6 * 7 in a sandbox and keep it in a file.', toolTimeoutMs: 60000,
      limitMs: 90000, server: (ours) => ({ ...ours, args: ['--tools', 'hopx-mcp'] }) });
    const dir = mkdtempSync(join(tmpdir(), 'hopx-tee-'));
    const out = join(dir, 'to-client.jsonl');
    const tee = fileURLToPath(new URL('./tee-server.sh', import.meta.url));
    progress = await runClient(client, PROGRESS, { prompt: 'Run two slow steps.', toolTimeoutMs: 60000, limitMs: 90000,
      server: (ours) => ({ ...ours, command: tee, args: [out, ours.command, ...ours.args] }) });
    sent = readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => { try { return JSON.parse(l); } catch { return {}; } });
    rmSync(dir, { recursive: true, force: true });
    for (const [run, script] of [[seed, SEED], [progress, PROGRESS]]) {
      for (const s of script.filter((x) => x.key)) {
        const r = seen(run, script, s.key);
        console.log(`#   ${s.key}: ${r ? `${r.isError ? 'isError ' : ''}${r.text.replace(/\s+/g, ' ').slice(0, 160)}` : 'nothing'}`);
      }
    }
    const messages = sent.filter((m) => m.method === 'notifications/progress').map((m) => m.params?.message);
    console.log(`#   progress messages Claude Code received: ${JSON.stringify(messages).slice(0, 600)}`);
  });

  test('hopx-mcp profile: the model is offered exactly the Python server\'s tools', () => {
    const offered = new Set();
    for (const r of seed.model.mainRequests()) {
      const text = JSON.stringify([r.body.tools?.map((t) => t.name), r.body.system, r.body.messages]);
      for (const m of text.matchAll(/mcp__hopx__([A-Za-z0-9_]+)/g)) offered.add(m[1]);
    }
    assert.deepEqual([...offered].sort(), [...PYTHON_SERVER_TOOLS].sort());
  });

  test('hopx-mcp profile: the seed README\'s flow works by its old names', () => {
    assert.deepEqual(seed.model.unknownTools, []);
    assert.equal(seed.exitCode, 0, seed.stderr.slice(-2000));
    assert.match(seen(seed, SEED, 'isolated').text, /45/);
    assert.match(seen(seed, SEED, 'execute').text, /42/);
    assert.match(seen(seed, SEED, 'read').text, /forty-two/);
    assert.match(seen(seed, SEED, 'delete').text, /deleted/);
  });

  test('progress: each message is the newest output line, one line', () => {
    assert.equal(progress.exitCode, 0, progress.stderr.slice(-2000));
    const messages = sent.filter((m) => m.method === 'notifications/progress').map((m) => m.params?.message ?? '');
    const steps = messages.filter((m) => /^step \d of 5$/.test(m));
    assert.ok(steps.length >= 3, JSON.stringify(messages));
    assert.ok(messages.every((m) => !m.includes('\n')), JSON.stringify(messages));
  });

  test('progress: a silent run says how long it has been running', () => {
    const messages = sent.filter((m) => m.method === 'notifications/progress').map((m) => m.params?.message ?? '');
    assert.ok(messages.some((m) => /^running, [1-9]\d* s, no output yet$/.test(m)), JSON.stringify(messages));
    assert.match(seen(progress, PROGRESS, 'silent').text, /awake/);
  });
});
