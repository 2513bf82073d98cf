// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The HTTP benchmarks' servers and client (http.mjs, modern.mjs): hopx-desktop-testserver --http
// (hopx-desktop's wiring plus the conformance fixtures, for a trivial tool; bearer token on, as
// in the product), @modelcontextprotocol/server-everything in streamableHttp mode, both on
// 127.0.0.1, and a lean MCP client (node:http keep-alive, one connection and one session).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const binDir = process.env.HOPX_BIN_DIR;
const nodeDir = process.env.HOPX_NODE_DIR;
if (!binDir || !nodeDir) throw new Error('HOPX_BIN_DIR and HOPX_NODE_DIR must be set (the .sh wrappers set them)');
const require = createRequire(join(nodeDir, 'package.json'));

export class McpHttpClient {
  constructor(url, token) {
    this.url = new URL(url);
    this.token = token;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    this.session = undefined;
    this.nextId = 1;
  }

  post(body) {
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'content-length': Buffer.byteLength(body),
    };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.session) {
      headers['mcp-session-id'] = this.session;
      headers['mcp-protocol-version'] = '2025-11-25';
    }
    return new Promise((resolve, reject) => {
      const req = http.request({ agent: this.agent, method: 'POST', hostname: this.url.hostname,
                                 port: this.url.port, path: this.url.pathname, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  async rpc(method, params) {
    const id = this.nextId++;
    const res = await this.post(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }));
    if (res.status !== 200) throw new Error(`${method}: HTTP ${res.status} ${res.text}`);
    let message;
    if ((res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
      for (const line of res.text.split('\n')) {
        const data = line.startsWith('data:') ? line.slice(5).trim() : '';
        if (!data) continue; // other fields, and priming events (empty data)
        const m = JSON.parse(data);
        if (m.id === id) message = m;
      }
    } else {
      message = JSON.parse(res.text);
    }
    if (!message || message.error) throw new Error(`${method}: ${JSON.stringify(message?.error ?? res.text)}`);
    return { message, res };
  }

  async initialize() {
    const { res } = await this.rpc('initialize', {
      protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'hopx-bench', version: '1' },
    });
    this.session = res.headers['mcp-session-id'];
    const n = await this.post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    if (n.status !== 202) throw new Error(`initialized: HTTP ${n.status}`);
  }

  close() { this.agent.destroy(); }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

export function waitForLine(child, pattern, what) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${seen}`)), 20000);
    child.stderr.on('data', (chunk) => {
      seen += chunk;
      const m = pattern.exec(seen);
      if (m) { clearTimeout(timer); resolve(m); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`${what} exited (${code}):\n${seen}`)); });
  });
}

export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => { child.once('exit', r); setTimeout(() => { child.kill('SIGKILL'); r(); }, 5000); });
}

export async function startHopx() {
  const root = mkdtempSync(join(tmpdir(), 'hopx-bench-'));
  const env = { ...process.env };
  for (const k of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME']) env[k] = join(root, k.toLowerCase());
  env.XDG_RUNTIME_DIR = join(root, 'run');
  mkdirSync(env.XDG_RUNTIME_DIR, { mode: 0o700 });
  delete env.HOPX_API_KEY;
  env.HOPX_BASE_URL = 'http://127.0.0.1:9';
  env.QT_LOGGING_RULES = 'hopx.*.info=false';
  const token = randomBytes(32).toString('hex');
  env.HOPX_MCP_HTTP_TOKEN = token;
  // The test server: hopx-desktop's wiring plus --conformance-fixtures for test_simple_text.
  const child = spawn(join(binDir, 'hopx-desktop-testserver'),
                      ['--headless', '--socket', join(env.XDG_RUNTIME_DIR, 'hopx-desktop', 'mcp.sock'),
                       '--conformance-fixtures', '--http', '127.0.0.1:0'],
                      { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const m = await waitForLine(child, /HTTP MCP endpoint: (http:\/\/127\.0\.0\.1:\d+\/mcp)/, 'hopx-desktop');
  return { name: 'hopx-desktop', url: m[1], token, tool: { name: 'test_simple_text' },
           async stop() { await stop(child); rmSync(root, { recursive: true, force: true }); } };
}

export async function startEverything() {
  const port = await freePort();
  const entry = join(require.resolve('@modelcontextprotocol/server-everything/package.json'), '..', 'dist', 'index.js');
  const child = spawn(process.execPath, ['--import', join(here, 'loopback-only.mjs'), entry, 'streamableHttp'],
                      { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  await waitForLine(child, /listening on port/i, 'server-everything');
  return { name: 'server-everything', url: `http://127.0.0.1:${port}/mcp`, token: undefined,
           tool: { name: 'echo', arguments: { message: 'hi' } }, async stop() { await stop(child); } };
}

