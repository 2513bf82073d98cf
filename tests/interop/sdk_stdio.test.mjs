// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The official MCP TypeScript SDK client drives hopx-mcp → hopx-desktop over stdio.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, connectStdio } from './harness.mjs';

let app;
let client;
before(async () => {
  app = await startApp(['--conformance-fixtures']);
  client = await connectStdio(app);
});
after(async () => {
  await client?.close();
  await app?.stop();
});

test('initialize negotiates the SDK\'s latest version and names the server', async () => {
  const info = client.getServerVersion();
  assert.equal(info.name, 'hopx-desktop');
  const caps = client.getServerCapabilities();
  assert.ok(caps.tools, 'tools capability');
  assert.ok(caps.logging, 'logging capability');
});

test('tools/list: every tool has a description and an object input schema', async () => {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  assert.ok(names.includes('health'));
  for (const t of tools) {
    assert.ok(t.description, `${t.name} has a description`);
    assert.equal(t.inputSchema.type, 'object', `${t.name} input schema is an object`);
    if (t.outputSchema) assert.equal(t.outputSchema.type, 'object');
  }
});

test('tools/call health returns structured content that matches its output schema', async () => {
  // The SDK client validates structuredContent against outputSchema and throws on mismatch.
  const result = await client.callTool({ name: 'health', arguments: {} });
  assert.notEqual(result.isError, true);
  assert.equal(result.structuredContent.server, 'hopx-desktop');
  assert.equal(typeof result.structuredContent.providers, 'object');
  assert.equal(JSON.parse(result.content[0].text).server, 'hopx-desktop');
});

test('unknown tool is a JSON-RPC error', async () => {
  await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), /Unknown tool/);
});

test('progress notifications arrive in order before the result', async () => {
  const seen = [];
  const result = await client.callTool(
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
  const pending = client.callTool(
    { name: 'test_tool_with_progress', arguments: { steps: 1000, delay_ms: 20 } },
    undefined,
    { signal: controller.signal, onprogress: (p) => seen.push(p.progress) },
  );
  await new Promise((r) => setTimeout(r, 200));
  controller.abort('user pressed stop');
  await assert.rejects(pending, /user pressed stop|abort|cancel/i);
  const countAtCancel = seen.length;
  await new Promise((r) => setTimeout(r, 300));
  // No progress for the cancelled call after the cancellation reached the server.
  assert.ok(seen.length <= countAtCancel + 1, `progress stopped (${countAtCancel} → ${seen.length})`);
  const again = await client.callTool({ name: 'health', arguments: {} });
  assert.equal(again.structuredContent.server, 'hopx-desktop');
});

test('ping', async () => {
  await client.ping();
});
