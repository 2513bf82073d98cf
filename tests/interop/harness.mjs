// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Shared by the interop tests and benchmarks: load the official SDK from the build tree,
// run hopx-desktop --headless on a private socket with private XDG directories (optionally
// with Streamable HTTP too), and connect SDK clients over stdio (hopx-mcp) or HTTP.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import net from 'node:net';

export const binDir = process.env.HOPX_BIN_DIR;
export const nodeDir = process.env.HOPX_NODE_DIR;
if (!binDir || !nodeDir) throw new Error('HOPX_BIN_DIR and HOPX_NODE_DIR must be set (CTest sets them)');

const require = createRequire(join(nodeDir, 'package.json'));
export async function sdk(path) {
  return import(pathToFileURL(require.resolve(`@modelcontextprotocol/sdk/${path}`)).href);
}
export function resolvePackageFile(pkg, file) {
  return join(require.resolve(`${pkg}/package.json`), '..', file);
}

// The sanitizer settings (scripts/test.sh --asan/--tsan) of this process, for a child started with
// a minimal environment (the bridge under an SDK client or a real one): without them its reports
// go to a stderr nobody reads and never reach build-*/sanitizer-reports/, so they fail nothing.
// A wait stretched by HOPX_TEST_TIMEOUT_SCALE (tests/CMakeLists.txt: 5 in a TSan build, where the
// app is that much slower), so that giving up still means "never", as in tests/support/TestTimeouts.h.
export function scaled(ms) {
  const scale = Number.parseInt(process.env.HOPX_TEST_TIMEOUT_SCALE ?? '1', 10);
  return scale > 1 ? ms * scale : ms;
}

export function sanitizerEnv() {
  const names = ['ASAN_OPTIONS', 'LSAN_OPTIONS', 'UBSAN_OPTIONS', 'TSAN_OPTIONS'];
  return Object.fromEntries(names.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
}

// The app's [local] settings in the tree whose XDG_CONFIG_HOME is env's (replacing what was there).
export function writeLocalSettings(env, values) {
  const dir = join(env.XDG_CONFIG_HOME, 'hopx-desktop');
  mkdirSync(dir, { recursive: true });
  const lines = Object.entries(values).map(([k, v]) => `${k}=${v}\n`).join('');
  writeFileSync(join(dir, 'hopx-desktop.ini'), `[local]\n${lines}`);
}

// Trees whose test never reached its cleanup (a failed assertion skips a stop()) go when the
// process exits, so runs do not pile up in /tmp.
const liveTrees = new Set();
process.on('exit', () => {
  for (const root of liveTrees) {
    try { rmSync(root, { recursive: true, force: true }); } catch { /* a mount still busy */ }
  }
});

export function privateTree() {
  const root = mkdtempSync(join(tmpdir(), 'hopx-interop-'));
  liveTrees.add(root);
  const env = { ...process.env };
  for (const k of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME']) {
    env[k] = join(root, k.toLowerCase());
  }
  env.XDG_RUNTIME_DIR = join(root, 'run');
  mkdirSync(env.XDG_RUNTIME_DIR, { mode: 0o700 });
  delete env.HOPX_API_KEY;
  env.HOPX_BASE_URL = 'http://127.0.0.1:9'; // never the real cloud
  // Test sandboxes write little: 256 MiB disks instead of the default 2 GiB, whose cap plus
  // 512 MiB the app wants free on the host disk before it makes one.
  writeLocalSettings(env, { workspaceMb: 256 });
  const socket = join(env.XDG_RUNTIME_DIR, 'hopx-desktop', 'mcp.sock');
  const cleanup = () => {
    rmSync(root, { recursive: true, force: true });
    liveTrees.delete(root);
  };
  return { root, env, socket, cleanup };
}

function canConnect(path) {
  return new Promise((resolve) => {
    const s = net.createConnection(path);
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
}

// The app plus the testing-only flags (--conformance-fixtures, --http-insecure-no-token), which
// hopx-desktop does not have.
export const TEST_SERVER = 'hopx-desktop-testserver';

export async function startApp(extraArgs = [], extraEnv = {}, prepare = null, program = 'hopx-desktop') {
  const tree = privateTree();
  if (prepare) prepare(tree);
  const app = await launchApp(tree, extraArgs, extraEnv, program);
  return {
    ...app,
    async stop() {
      await app.quit();
      tree.cleanup();
    },
  };
}

// The app on an existing private tree (again after a crash, with the same state); quit()
// leaves the tree for the next launch.
export async function launchApp(tree, extraArgs = [], extraEnv = {}, program = 'hopx-desktop') {
  const env = { ...tree.env, ...extraEnv };
  const child = spawn(join(binDir, program), ['--headless', '--socket', tree.socket, ...extraArgs],
                      { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 15000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${program} exited with ${child.exitCode}`);
    if (existsSync(tree.socket) && await canConnect(tree.socket)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    ...tree,
    env,
    child,
    async quit() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

// A connected official SDK client that reaches the app through build/bin/hopx-mcp.
// `clientOptions` go to the SDK's Client (e.g. { capabilities: { elicitation: {} } });
// `prepare(client)` runs before connecting, to install request handlers.
export async function connectStdio(app, name = 'interop-test', clientOptions = undefined, prepare = null) {
  const { Client } = await sdk('client/index.js');
  const { StdioClientTransport } = await sdk('client/stdio.js');
  const transport = new StdioClientTransport({
    command: join(binDir, 'hopx-mcp'),
    args: ['--no-launch'],
    env: { HOPX_MCP_SOCKET: app.socket, PATH: process.env.PATH ?? '/usr/bin:/bin', ...sanitizerEnv() },
    stderr: 'inherit',
  });
  const client = new Client({ name, version: '1.0.0' }, clientOptions);
  if (prepare) prepare(client);
  await client.connect(transport);
  return client;
}

export const HTTP_TOKEN = 'interop-http-token';

// hopx-desktop with --http on a free loopback port; the endpoint is read from its stderr line.
// Its socket works as usual, so one app can serve stdio and HTTP clients at once.
// The line hopx-desktop --http writes to stderr once it listens, with the endpoint it chose.
export const HTTP_ENDPOINT_LINE = /HTTP MCP endpoint: (http:\/\/127\.0\.0\.1:\d+\/mcp)/;

export async function startHttpApp(extraArgs = [], token = HTTP_TOKEN, program = 'hopx-desktop', prepare = null) {
  const tree = privateTree();
  if (prepare) prepare(tree);
  const env = { ...tree.env, HOPX_MCP_HTTP_TOKEN: token };
  const child = spawn(isAbsolute(program) ? program : join(binDir, program),
                      ['--headless', '--socket', tree.socket, '--http', '127.0.0.1:0', ...extraArgs],
                      { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const endpoint = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no endpoint line; stderr:\n${stderr}`)), 15000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
      const m = HTTP_ENDPOINT_LINE.exec(stderr);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`${program} exited with ${code}:\n${stderr}`)); });
  });
  return {
    ...tree,
    env,
    child,
    endpoint,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      tree.cleanup();
    },
  };
}

// A connected official SDK client over Streamable HTTP with a bearer token (none when null).
export async function connectHttp(endpoint, token = HTTP_TOKEN, name = 'interop-http') {
  const { Client } = await sdk('client/index.js');
  const { StreamableHTTPClientTransport } = await sdk('client/streamableHttp.js');
  const transport = new StreamableHTTPClientTransport(new URL(endpoint), {
    requestInit: { headers: token ? { Authorization: `Bearer ${token}` } : {} },
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

export const bwrapMissing = existsSync('/usr/bin/bwrap') ? false : 'bubblewrap is not installed (scripts/test.sh installs it)';
