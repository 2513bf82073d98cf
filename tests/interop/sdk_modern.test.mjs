// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The official MCP SDK v2 client (@modelcontextprotocol/client 2.4.0) pinned to the stateless
// 2026-07-28 era drives the README's flow over stdio (hopx-mcp) and Streamable HTTP: create a
// sandbox, pandas over two calls, a matplotlib plot, files, delete. Also: server/discover, raw
// wire checks (no initialize, resultType, cache hints, -32022) that the SDK hides.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { startHttpApp, binDir, nodeDir, HTTP_TOKEN, bwrapMissing, resolvePackageFile, sanitizerEnv } from './harness.mjs';

const require = createRequire(join(nodeDir, 'package.json'));
const v2 = (path) => import(pathToFileURL(require.resolve(`@modelcontextprotocol/client${path}`)).href);
const MODERN = '2026-07-28';

let app;
before(async () => { app = await startHttpApp([], HTTP_TOKEN); });
after(async () => { await app?.stop(); });

async function connectModern(kind) {
  const { Client, StreamableHTTPClientTransport } = await v2('');
  const client = new Client({ name: `interop-modern-${kind}`, version: '1.0.0' },
                            { versionNegotiation: { mode: { pin: MODERN } } });
  let transport;
  if (kind === 'stdio') {
    const { StdioClientTransport } = await v2('/stdio');
    transport = new StdioClientTransport({
      command: join(binDir, 'hopx-mcp'), args: ['--no-launch'],
      env: { HOPX_MCP_SOCKET: app.socket, PATH: process.env.PATH ?? '/usr/bin:/bin', ...sanitizerEnv() }, stderr: 'inherit',
    });
  } else {
    transport = new StreamableHTTPClientTransport(new URL(app.endpoint),
      { requestInit: { headers: { Authorization: `Bearer ${HTTP_TOKEN}` } } });
  }
  await client.connect(transport);
  return client;
}

const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' } };

async function rawPost(body, headers = {}) {
  const r = await fetch(app.endpoint, { method: 'POST', body: JSON.stringify(body), headers: {
    'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
    Authorization: `Bearer ${HTTP_TOKEN}`, 'MCP-Protocol-Version': MODERN, 'Mcp-Method': body.method, ...headers } });
  const text = await r.text();
  const json = text.startsWith('{') ? JSON.parse(text) : JSON.parse(/data: (.*)/.exec(text)[1]);
  return { status: r.status, headers: r.headers, json };
}

// A line-oriented exchange with hopx-mcp, to see the stdio wire as a client does.
async function rawStdio(messages) {
  const child = spawn(join(binDir, 'hopx-mcp'), ['--no-launch'],
                      { env: { HOPX_MCP_SOCKET: app.socket, PATH: process.env.PATH, ...sanitizerEnv() }, stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const replies = [];
  const want = messages.filter((m) => m.id !== undefined).length;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stdio replies: ${out}`)), 15000);
    child.stdout.on('data', (d) => {
      out += d;
      let nl;
      while ((nl = out.indexOf('\n')) >= 0) { replies.push(JSON.parse(out.slice(0, nl))); out = out.slice(nl + 1); }
      if (replies.length >= want) { clearTimeout(timer); resolve(); }
    });
    for (const m of messages) child.stdin.write(`${JSON.stringify(m)}\n`);
  });
  child.kill();
  return replies;
}

describe('wire', () => {
  test('HTTP server/discover without initialize: versions, capabilities, serverInfo, cache hints, no session', async () => {
    const { status, headers, json } = await rawPost({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } });
    assert.equal(status, 200);
    assert.equal(headers.get('mcp-session-id'), null);
    assert.deepEqual(json.result.supportedVersions, [MODERN]);
    assert.ok(json.result.capabilities.tools);
    assert.equal(json.result.resultType, 'complete');
    assert.equal(json.result._meta['io.modelcontextprotocol/serverInfo'].name, 'hopx-desktop');
    assert.equal(typeof json.result.ttlMs, 'number');
    assert.ok(['public', 'private'].includes(json.result.cacheScope));
  });

  test('HTTP tools/list carries resultType and cache hints; ping and initialize-free legacy calls are gone', async () => {
    const list = await rawPost({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: meta } });
    assert.equal(list.json.result.resultType, 'complete');
    assert.ok(list.json.result.tools.some((t) => t.name === 'run'));
    assert.equal(typeof list.json.result.ttlMs, 'number');
    const ping = await rawPost({ jsonrpc: '2.0', id: 3, method: 'ping', params: { _meta: meta } });
    assert.equal(ping.status, 404);
    assert.equal(ping.json.error.code, -32601);
  });

  test('HTTP: an unsupported version is -32022 with the supported list; mismatched headers are -32020', async () => {
    const m = { ...meta, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' };
    const bad = await rawPost({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: { _meta: m } },
                              { 'MCP-Protocol-Version': '2099-01-01' });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, -32022);
    assert.deepEqual(bad.json.error.data.supported, [MODERN]);
    const mismatch = await rawPost({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _meta: meta } },
                                   { 'Mcp-Method': 'prompts/list' });
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.json.error.code, -32020);
    const name = await rawPost({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { _meta: meta, name: 'health', arguments: {} } },
                               { 'Mcp-Name': 'list_templates' });
    assert.equal(name.json.error.code, -32020);
  });

  test('stdio through hopx-mcp: server/discover answered, then tools/call with no initialize; legacy initialize still works', async () => {
    const [discover, call] = await rawStdio([
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { _meta: meta, name: 'health', arguments: {} } },
    ]);
    assert.deepEqual(discover.result.supportedVersions, [MODERN]);
    assert.equal(call.result.resultType, 'complete');
    assert.equal(call.result.structuredContent.server, 'hopx-desktop');
    const [init] = await rawStdio([{ jsonrpc: '2.0', id: 1, method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'legacy', version: '1' } } }]);
    assert.equal(init.result.protocolVersion, '2025-11-25');
    assert.equal(init.result.resultType, undefined);
  });
});

for (const kind of ['stdio', 'http']) {
  describe(`README flow, SDK v2 pinned to ${MODERN} over ${kind}`, { skip: bwrapMissing }, () => {
    let client;
    let sandboxId;
    before(async () => { client = await connectModern(kind); });
    after(async () => {
      if (sandboxId) await client.callTool({ name: 'delete_sandbox', arguments: { id: sandboxId } }).catch(() => {});
      await client?.close();
    });
    const call = async (name, args) => {
      const r = await client.callTool({ name, arguments: args });
      assert.notEqual(r.isError, true, `${name}: ${JSON.stringify(r.content)}`);
      return r;
    };

    test('the client negotiated the modern era', () => {
      assert.equal(client.getNegotiatedProtocolVersion(), MODERN);
      assert.equal(client.getProtocolEra(), 'modern');
      assert.deepEqual(client.getDiscoverResult().supportedVersions, [MODERN]);
      assert.equal(client.getServerVersion().name, 'hopx-desktop');
    });
    test('create, pandas over two calls, a plot, files, delete', async () => {
      sandboxId = (await call('create_sandbox', {})).structuredContent.id;
      await call('execute_code', { sandbox_id: sandboxId, language: 'python',
        code: 'import pandas as pd\ndf = pd.DataFrame({"x": [1, 2, 3], "y": [2, 4, 6]})' });
      const mean = await call('execute_code', { sandbox_id: sandboxId, language: 'python', code: 'df["y"].mean()' });
      assert.match(JSON.stringify(mean.structuredContent), /4(\.0)?/);
      const plot = await call('execute_code', { sandbox_id: sandboxId, language: 'python',
        code: 'import matplotlib.pyplot as plt\nplt.plot(df["x"], df["y"])\nplt.show()' });
      assert.ok(plot.content.some((c) => c.type === 'image' && c.mimeType === 'image/png'), 'the plot is an image');
      await call('file_write', { sandbox_id: sandboxId, path: 'notes.txt', content: 'hello modern' });
      const read = await call('file_read', { sandbox_id: sandboxId, path: 'notes.txt' });
      assert.equal(read.structuredContent.content, 'hello modern');
      const listing = await call('file_list', { sandbox_id: sandboxId });
      assert.ok(listing.structuredContent.files.some((f) => f.name === 'notes.txt'));
      await call('delete_sandbox', { id: sandboxId });
      sandboxId = null;
    });
  });
}

describe('MCP Inspector 2.12 --cli --protocol-era modern through hopx-mcp', () => {
  const inspector = resolvePackageFile('@modelcontextprotocol/inspector', 'clients/launcher/build/index.js');
  const run = (...method) => new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [inspector, '--cli', '--protocol-era', 'modern', ...method,
      '-e', `HOPX_MCP_SOCKET=${app.socket}`, join(binDir, 'hopx-mcp'), '--no-launch'],
    { env: { ...process.env, HOME: app.root, MCP_CATALOG_PATH: join(app.root, 'mcp.json') } });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${out}`))));
  });
  test('lists the tools, and a call is served in the 2026-07-28 era', async () => {
    const { tools } = await run('--method', 'tools/list');
    assert.ok(tools.some((t) => t.name === 'run'));
    // The Inspector calls only tools the list offered: the compact one that routes to health.
    const health = await run('--method', 'tools/call', '--tool-name', 'system', '--tool-arg', 'action=health');
    // health reports the protocol version its own request came with.
    assert.equal(health.structuredContent.protocol_version, MODERN);
    assert.equal(health._meta['io.modelcontextprotocol/serverInfo'].name, 'hopx-desktop');
  });
});
