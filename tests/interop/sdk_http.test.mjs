// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The official MCP TypeScript SDK client drives hopx-desktop over Streamable HTTP
// (StreamableHTTPClientTransport with a bearer token): tools, progress, cancellation, tasks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sdk, startHttpApp, connectHttp, HTTP_TOKEN, TEST_SERVER } from './harness.mjs';
import { progressAndCancelCases } from './suites.mjs';

let app;
let client;
let transport;

const connect = (token = HTTP_TOKEN, name = 'interop-http') => connectHttp(app.endpoint, token, name);

before(async () => {
  app = await startHttpApp(['--conformance-fixtures'], HTTP_TOKEN, TEST_SERVER);
  assert.ok(!app.stderr().includes(HTTP_TOKEN), 'the token is never printed');
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
  assert.ok(names.includes('run') && names.includes('create_sandbox'));
  assert.ok(names.includes('test_tool_with_progress'));
  const result = await client.callTool({ name: 'health', arguments: {} });
  assert.notEqual(result.isError, true);
  assert.equal(result.structuredContent.server, 'hopx-desktop');
});

progressAndCancelCases(() => client);

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
  const other = await connect(HTTP_TOKEN, 'second-client');
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
