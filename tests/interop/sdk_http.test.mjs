// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The official MCP TypeScript SDK client drives hopx-desktop over Streamable HTTP
// (StreamableHTTPClientTransport with a bearer token): tools, progress, cancellation, tasks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { binDir, sdk, privateTree } from './harness.mjs';

const TOKEN = 'interop-http-token';
let app;
let client;
let transport;
let url;

async function startHttpApp() {
  const tree = privateTree();
  const env = { ...tree.env, HOPX_MCP_HTTP_TOKEN: TOKEN };
  const child = spawn(join(binDir, 'hopx-desktop'),
                      ['--headless', '--socket', tree.socket, '--conformance-fixtures', '--http', '127.0.0.1:0'],
                      { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const endpoint = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no endpoint line; stderr:\n${stderr}`)), 15000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
      const m = /HTTP MCP endpoint: (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`hopx-desktop exited with ${code}:\n${stderr}`)); });
  });
  assert.ok(!stderr.includes(TOKEN), 'the token is never printed');
  return {
    child,
    endpoint,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      tree.cleanup();
    },
  };
}

async function connect(token = TOKEN, name = 'interop-http') {
  const { Client } = await sdk('client/index.js');
  const { StreamableHTTPClientTransport } = await sdk('client/streamableHttp.js');
  const t = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: token ? { Authorization: `Bearer ${token}` } : {} },
  });
  const c = new Client({ name, version: '1.0.0' });
  await c.connect(t);
  return { client: c, transport: t };
}

before(async () => {
  app = await startHttpApp();
  url = app.endpoint;
  ({ client, transport } = await connect());
});
after(async () => {
  await client?.close();
  await app?.stop();
});

test('initialize over HTTP: a session id, our name, tools/logging/tasks declared', async () => {
  assert.match(transport.sessionId, /^[0-9a-f]{32}$/);
  assert.equal(client.getServerVersion().name, 'hopx-desktop');
  const caps = client.getServerCapabilities();
  assert.ok(caps.tools && caps.logging, 'tools and logging');
  assert.ok(caps.tasks?.requests?.tools?.call, 'tasks for tools/call');
  assert.ok(caps.resources && caps.prompts && caps.completions, 'fixtures register resources and prompts');
});

test('no token, or a wrong one, is refused with 401', async () => {
  for (const token of [null, 'wrong']) {
    await assert.rejects(connect(token), (e) => /401/.test(String(e?.code ?? '')) || /401|Unauthorized/i.test(String(e)));
  }
});

test('tools/list and tools/call health (structured content validated by the SDK)', async () => {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  assert.ok(names.includes('health'));
  assert.ok(names.includes('test_tool_with_progress'));
  const result = await client.callTool({ name: 'health', arguments: {} });
  assert.notEqual(result.isError, true);
  assert.equal(result.structuredContent.server, 'hopx-desktop');
});

test('progress notifications arrive in order before the result', async () => {
  const seen = [];
  const result = await client.callTool(
    { name: 'test_tool_with_progress', arguments: { steps: 5, delay_ms: 30 } },
    undefined,
    { onprogress: (p) => seen.push(p.progress) },
  );
  assert.equal(result.content[0].text, 'Progress complete');
  assert.ok(seen.length >= 4, `saw ${seen.length} progress notifications`);
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i] > seen[i - 1], 'strictly increasing');
});

test('cancelling a call stops it and the session keeps working', async () => {
  const controller = new AbortController();
  const seen = [];
  const pending = client.callTool(
    { name: 'test_tool_with_progress', arguments: { steps: 1000, delay_ms: 20 } },
    undefined,
    { signal: controller.signal, onprogress: (p) => seen.push(p.progress) },
  );
  await new Promise((r) => setTimeout(r, 200));
  controller.abort('user pressed stop');
  await assert.rejects(pending, /user pressed stop|abort|cancel/i);
  assert.deepEqual(await client.ping(), {});
  const again = await client.callTool({ name: 'test_simple_text' });
  assert.equal(again.content[0].text, 'This is a simple text response for testing.');
});

test('a task is created at once, polled to completion, and its result fetched', async () => {
  const { CallToolResultSchema } = await sdk('types.js');
  const kinds = [];
  let taskId;
  let result;
  const progress = [];
  const stream = client.experimental.tasks.callToolStream(
    { name: 'test_tool_with_progress', arguments: { steps: 4, delay_ms: 150 } },
    CallToolResultSchema,
    { task: { ttl: 60000 }, onprogress: (p) => progress.push(p.progress) },
  );
  for await (const message of stream) {
    kinds.push(message.type);
    if (message.type === 'taskCreated') {
      taskId = message.task.taskId;
      assert.equal(message.task.status, 'working');
      assert.equal(message.task.ttl, 60000);
    }
    if (message.type === 'result') result = message.result;
    if (message.type === 'error') throw message.error;
  }
  assert.equal(kinds[0], 'taskCreated');
  assert.ok(kinds.includes('taskStatus'));
  assert.equal(kinds.at(-1), 'result');
  assert.equal(result.content[0].text, 'Progress complete');
  assert.equal(result._meta['io.modelcontextprotocol/related-task'].taskId, taskId);

  const task = await client.experimental.tasks.getTask(taskId);
  assert.equal(task.status, 'completed');
  const { tasks } = await client.experimental.tasks.listTasks();
  assert.ok(tasks.some((t) => t.taskId === taskId));
  await assert.rejects(client.experimental.tasks.cancelTask(taskId), /terminal/);
});

test('a running task can be cancelled', async () => {
  const { CreateTaskResultSchema } = await sdk('types.js');
  const created = await client.request(
    { method: 'tools/call', params: { name: 'test_tool_with_progress', arguments: { steps: 1000, delay_ms: 50 }, task: {} } },
    CreateTaskResultSchema,
  );
  const taskId = created.task.taskId;
  const cancelled = await client.experimental.tasks.cancelTask(taskId);
  assert.equal(cancelled.status, 'cancelled');
  assert.equal((await client.experimental.tasks.getTask(taskId)).status, 'cancelled');
});

test('a second client sees the first one\'s tasks (same token), and DELETE ends a session', async () => {
  const { CreateTaskResultSchema } = await sdk('types.js');
  const created = await client.request(
    { method: 'tools/call', params: { name: 'test_tool_with_progress', arguments: { steps: 2, delay_ms: 10 }, task: {} } },
    CreateTaskResultSchema,
  );
  const other = await connect(TOKEN, 'second-client');
  try {
    let status;
    for (let i = 0; i < 50 && status !== 'completed'; i++) {
      status = (await other.client.experimental.tasks.getTask(created.task.taskId)).status;
      if (status !== 'completed') await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 'completed');
    await other.transport.terminateSession();
    assert.equal(other.transport.sessionId, undefined);
  } finally {
    await other.client.close();
  }
});
