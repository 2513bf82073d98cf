// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The official MCP TypeScript SDK client drives hopx-mcp → hopx-desktop over stdio.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, connectStdio, TEST_SERVER } from './harness.mjs';
import { progressAndCancelCases } from './suites.mjs';

let app;
let client;
before(async () => {
  app = await startApp(['--conformance-fixtures'], {}, null, TEST_SERVER);
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
  assert.ok(names.includes('run') && names.includes('create_sandbox'));
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

progressAndCancelCases(() => client);

test('ping', async () => {
  await client.ping();
});
