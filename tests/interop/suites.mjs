// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Test cases that must hold on every transport. Each suite takes a factory that returns a
// connected official SDK client (stdio through hopx-mcp, or Streamable HTTP), so one body
// of assertions covers both.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sdk } from './harness.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(predicate, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await predicate()) return;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

// Progress and cancellation with the conformance fixtures (hopx-desktop-testserver --conformance-fixtures).
// `client` returns the file's connected client.
export function progressAndCancelCases(client) {
  test('progress notifications arrive in order before the result', async () => {
    const seen = [];
    const result = await client().callTool(
      { name: 'test_tool_with_progress', arguments: { steps: 5, delay_ms: 30 } },
      undefined,
      { onprogress: (p) => seen.push(p.progress) },
    );
    assert.equal(result.content[0].text, 'Progress complete');
    // The SDK dispatches notifications a microtask later than responses, so the progress sent
    // in the same instant as the result may land after the handler is gone (the wire order is
    // checked in tst_mcpsession). The earlier ones must all be there.
    assert.ok(seen.length >= 4, `saw ${seen.length} progress notifications`);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i] > seen[i - 1], 'strictly increasing');
  });

  test('cancelling a call stops it and the session keeps working', async () => {
    const controller = new AbortController();
    const seen = [];
    const pending = client().callTool(
      { name: 'test_tool_with_progress', arguments: { steps: 1000, delay_ms: 20 } },
      undefined,
      { signal: controller.signal, onprogress: (p) => seen.push(p.progress) },
    );
    await sleep(200);
    controller.abort('user pressed stop');
    await assert.rejects(pending, /user pressed stop|abort|cancel/i);
    const countAtCancel = seen.length;
    await sleep(300);
    // No progress for the cancelled call after the cancellation reached the server.
    assert.ok(seen.length <= countAtCancel + 1, `progress stopped (${countAtCancel} → ${seen.length})`);
    assert.deepEqual(await client().ping(), {});
    const again = await client().callTool({ name: 'test_simple_text' });
    assert.equal(again.content[0].text, 'This is a simple text response for testing.');
  });
}

// How long the long jobs print (one line a second). HOPX_LONG_JOB_SECONDS shortens it while
// working on the tests; the suite is meant to run with the default.
export const JOB_SECONDS = Number(process.env.HOPX_LONG_JOB_SECONDS ?? 90);
// Far below the job's length: only progress keeps such a request alive.
const REQUEST_TIMEOUT_MS = 15000;

const lineNumbers = (text) => [...String(text ?? '').matchAll(/^line (\d+)$/gm)].map((m) => Number(m[1]));
const expectedOutput = (n) => Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join('');
const bashJob = (n) => `for i in $(seq 1 ${n}); do echo "line $i"; sleep 1; done`;
const pythonJob = (n) => `import time\nfor i in range(1, ${n} + 1):\n    print(f"line {i}", flush=True)\n    time.sleep(1)\n`;

// A command that sleeps for a duration nobody else uses, so the sandbox's process list can
// tell whether it still runs. (pgrep -f would match the checking shell's own command line.)
function markedSleep() {
  const seconds = 600 + Math.floor(Math.random() * 30000);
  return { command: `echo started; sleep ${seconds}; echo never`, marker: `sleep ${seconds}` };
}

async function processRuns(client, sandboxId, marker) {
  const r = await client.callTool({ name: 'list_processes', arguments: { sandbox_id: sandboxId, max_results: 0 } });
  assert.notEqual(r.isError, true, JSON.stringify(r));
  return r.structuredContent.processes.some((p) => JSON.stringify(p).includes(marker));
}

// Jobs that outlive a request timeout, as calls with progress and as tasks, and cancellation
// reaching the sandbox. The cases run concurrently: each job is mostly waiting.
// `connect` returns a new connected client each time.
export function longRunningSuite(label, connect) {
  describe(label, { concurrency: true }, () => {
    let client;
    const sandboxes = [];
    const newSandbox = async () => {
      const r = await client.callTool({ name: 'create_sandbox', arguments: {} });
      assert.notEqual(r.isError, true, JSON.stringify(r));
      sandboxes.push(r.structuredContent.id);
      return r.structuredContent.id;
    };
    before(async () => { client = await connect(); });
    after(async () => {
      for (const id of sandboxes) await client.callTool({ name: 'delete_sandbox', arguments: { id } }).catch(() => {});
      await client?.close();
    });

    test(`${JOB_SECONDS} s job: output streams live as progress, the ${REQUEST_TIMEOUT_MS / 1000} s request timeout is reset by it`, async () => {
      const sandboxId = await newSandbox();
      const progress = []; // { at, progress, lines }
      const result = await client.callTool(
        { name: 'execute_code', arguments: { sandbox_id: sandboxId, language: 'python', code: pythonJob(JOB_SECONDS), timeout: JOB_SECONDS + 60 } },
        undefined,
        {
          timeout: REQUEST_TIMEOUT_MS,
          resetTimeoutOnProgress: true,
          onprogress: (p) => progress.push({ at: Date.now(), progress: p.progress, lines: lineNumbers(p.message) }),
        },
      );
      const resultAt = Date.now();
      assert.notEqual(result.isError, true, JSON.stringify(result.structuredContent));
      assert.equal(result.structuredContent.stdout, expectedOutput(JOB_SECONDS));
      assert.equal(result.structuredContent.timed_out ?? false, false);

      // Live, not replayed at the end: the first notification carries the first line only,
      // and it came while the job still had most of its lines to print.
      assert.ok(progress.length >= JOB_SECONDS / 2, `${progress.length} progress notifications`);
      assert.ok(progress[0].lines.includes(1), `first progress: ${JSON.stringify(progress[0])}`);
      assert.ok(!progress[0].lines.includes(JOB_SECONDS), 'the first progress came before the last line');
      assert.ok(resultAt - progress[0].at >= (JOB_SECONDS / 2) * 1000,
                `first progress only ${resultAt - progress[0].at} ms before the result`);
      // Lines arrive one by one: the newest line grows through many distinct values.
      const newest = progress.map((p) => Math.max(0, ...p.lines));
      for (let i = 1; i < newest.length; i++) assert.ok(newest[i] >= newest[i - 1], 'lines arrive in order');
      assert.ok(new Set(newest).size >= JOB_SECONDS / 2, `newest line took ${new Set(newest).size} values`);
      // Every line was shown while it ran (the last one may race with the result).
      const shown = new Set(progress.flatMap((p) => p.lines));
      for (let i = 1; i < JOB_SECONDS; i++) assert.ok(shown.has(i), `line ${i} appeared in progress`);
      for (let i = 1; i < progress.length; i++) assert.ok(progress[i].progress > progress[i - 1].progress);
    });

    test(`${JOB_SECONDS} s job as a task: runs on after its request and client are gone, polled to completion`, async () => {
      const { CreateTaskResultSchema, CallToolResultSchema } = await sdk('types.js');
      const sandboxId = await newSandbox();
      // The originating request is answered at once and its client closes right away.
      const origin = await connect();
      const created = await origin.request(
        { method: 'tools/call',
          params: { name: 'run_command', arguments: { sandbox_id: sandboxId, command: bashJob(JOB_SECONDS), timeout: JOB_SECONDS + 60 },
                    task: { ttl: 15 * 60 * 1000 } } },
        CreateTaskResultSchema,
        { timeout: REQUEST_TIMEOUT_MS },
      );
      const createdAt = Date.now();
      await origin.close();
      const { taskId, status } = created.task;
      assert.equal(status, 'working');

      let task;
      let polls = 0;
      for (;;) {
        task = await client.experimental.tasks.getTask(taskId);
        polls++;
        if (['completed', 'failed', 'cancelled'].includes(task.status)) break;
        assert.equal(task.status, 'working');
        await sleep(2000);
      }
      assert.equal(task.status, 'completed', JSON.stringify(task));
      // A run cut short when its request ended would have finished right away.
      assert.ok(Date.now() - createdAt >= (JOB_SECONDS / 2) * 1000, 'the task ran for the job\'s length');
      assert.ok(polls >= 3, `polled ${polls} times while it worked`);

      const result = await client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
      assert.notEqual(result.isError, true, JSON.stringify(result.structuredContent));
      assert.equal(result.structuredContent.stdout, expectedOutput(JOB_SECONDS));
      assert.equal(result.structuredContent.exit_code, 0);
      assert.equal(result._meta?.['io.modelcontextprotocol/related-task']?.taskId, taskId);
    });

    test('a call cancelled with an AbortSignal stops its process in the sandbox', async () => {
      const sandboxId = await newSandbox();
      const { command, marker } = markedSleep();
      const controller = new AbortController();
      const pending = client.callTool(
        { name: 'run_command', arguments: { sandbox_id: sandboxId, command, timeout: 300 } },
        undefined,
        { signal: controller.signal, timeout: 300000 },
      );
      pending.catch(() => {}); // observed below, after the abort
      await until(() => processRuns(client, sandboxId, marker), 15000, `${marker} to start`);
      controller.abort('stop the job');
      await assert.rejects(pending, /stop the job|abort|cancel/i);
      await until(async () => !(await processRuns(client, sandboxId, marker)), 10000, `${marker} to be killed`);
      const after = await client.callTool({ name: 'run_command', arguments: { sandbox_id: sandboxId, command: 'echo still usable' } });
      assert.equal(after.structuredContent.stdout, 'still usable\n');
    });

    test('tasks/cancel stops the task\'s process in the sandbox', async () => {
      const { CreateTaskResultSchema } = await sdk('types.js');
      const sandboxId = await newSandbox();
      const { command, marker } = markedSleep();
      const created = await client.request(
        { method: 'tools/call', params: { name: 'run_command', arguments: { sandbox_id: sandboxId, command, timeout: 300 }, task: {} } },
        CreateTaskResultSchema,
      );
      await until(() => processRuns(client, sandboxId, marker), 15000, `${marker} to start`);
      const cancelled = await client.experimental.tasks.cancelTask(created.task.taskId);
      assert.equal(cancelled.status, 'cancelled');
      await until(async () => !(await processRuns(client, sandboxId, marker)), 10000, `${marker} to be killed`);
      assert.equal((await client.experimental.tasks.getTask(created.task.taskId)).status, 'cancelled');
    });
  });
}
