// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The HTTP benchmarks' servers and client (http.mjs, modern.mjs): hopx-desktop-testserver --http
// (hopx-desktop's wiring plus the conformance fixtures, for a trivial tool; bearer token on, as
// in the product), @modelcontextprotocol/server-everything in streamableHttp mode, both on
// 127.0.0.1; and, from httpclient.mjs, the lean MCP client the HTTP suites share.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
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

export { McpHttpClient } from './httpclient.mjs';

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

