// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Run by scripts/bench/http.sh. Starts hopx-desktop-testserver --http (hopx-desktop's wiring plus
// the conformance fixtures, for a trivial tool; bearer token on, as in the product)
// and @modelcontextprotocol/server-everything in streamableHttp mode, both on 127.0.0.1, then
// measures each with the same lean client (node:http keep-alive, one connection and one MCP
// session per client; it reads both JSON and SSE answers, so it costs both servers the same):
//   - round-trip latency of ping and of a trivial tools/call, one client, sequential;
//   - requests/s with N concurrent clients (default 8).
// Prints a markdown table with the ratio hopx/everything (latency: everything/hopx).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpHttpClient } from './httpclient.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const binDir = process.env.HOPX_BIN_DIR;
const nodeDir = process.env.HOPX_NODE_DIR;
const seconds = Number(process.env.HOPX_BENCH_SECONDS ?? 5);
const clients = Number(process.env.HOPX_BENCH_CLIENTS ?? 8);
const latencySamples = Number(process.env.HOPX_BENCH_SAMPLES ?? 2000);
if (!binDir || !nodeDir) throw new Error('HOPX_BIN_DIR and HOPX_NODE_DIR must be set (http.sh sets them)');
const require = createRequire(join(nodeDir, 'package.json'));

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

function waitForLine(child, pattern, what) {
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

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => { child.once('exit', r); setTimeout(() => { child.kill('SIGKILL'); r(); }, 5000); });
}

async function startHopx() {
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

async function startEverything() {
  const port = await freePort();
  const entry = join(require.resolve('@modelcontextprotocol/server-everything/package.json'), '..', 'dist', 'index.js');
  const child = spawn(process.execPath, ['--import', join(here, 'loopback-only.mjs'), entry, 'streamableHttp'],
                      { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  await waitForLine(child, /listening on port/i, 'server-everything');
  return { name: 'server-everything', url: `http://127.0.0.1:${port}/mcp`, token: undefined,
           tool: { name: 'echo', arguments: { message: 'hi' } }, async stop() { await stop(child); } };
}

async function latency(server, method, params) {
  const c = new McpHttpClient(server.url, server.token);
  await c.initialize();
  for (let i = 0; i < 200; i++) await c.rpc(method, params); // warm-up
  const samples = [];
  for (let i = 0; i < latencySamples; i++) {
    const t0 = process.hrtime.bigint();
    await c.rpc(method, params);
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  c.close();
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(samples.length * 0.5)], p99: samples[Math.floor(samples.length * 0.99)] };
}

async function throughput(server, method, params) {
  const pool = [];
  for (let i = 0; i < clients; i++) {
    const c = new McpHttpClient(server.url, server.token);
    await c.initialize();
    for (let k = 0; k < 50; k++) await c.rpc(method, params);
    pool.push(c);
  }
  let done = 0;
  const deadline = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(pool.map(async (c) => {
    while (performance.now() < deadline) {
      await c.rpc(method, params);
      done++;
    }
  }));
  const elapsed = (performance.now() - t0) / 1000;
  pool.forEach((c) => c.close());
  return done / elapsed;
}

async function measure(server) {
  const call = ['tools/call', server.tool];
  return {
    pingLatency: await latency(server, 'ping'),
    callLatency: await latency(server, ...call),
    pingRps: await throughput(server, 'ping'),
    callRps: await throughput(server, ...call),
  };
}

const results = {};
for (const start of [startEverything, startHopx]) {
  const server = await start();
  try {
    process.stderr.write(`measuring ${server.name} at ${server.url} ...\n`);
    results[server.name] = await measure(server);
  } finally {
    await server.stop();
  }
}

const h = results['hopx-desktop'];
const e = results['server-everything'];
const f = (x, d = 2) => x.toFixed(d);
const r = (x) => `${f(x, 1)}×`;
console.log(`\nStreamable HTTP, 127.0.0.1, ${cpus().length} CPUs, Node ${process.version} client; ` +
            `${clients} clients × ${seconds} s per throughput row; ${latencySamples} sequential samples per latency row.`);
console.log(`tools/call = a trivial text tool (hopx-desktop: test_simple_text; server-everything: echo).\n`);
console.log('| metric | hopx-desktop | server-everything | ratio (hopx advantage) |');
console.log('|---|---:|---:|---:|');
console.log(`| ping latency p50 (ms) | ${f(h.pingLatency.p50, 3)} | ${f(e.pingLatency.p50, 3)} | ${r(e.pingLatency.p50 / h.pingLatency.p50)} |`);
console.log(`| ping latency p99 (ms) | ${f(h.pingLatency.p99, 3)} | ${f(e.pingLatency.p99, 3)} | ${r(e.pingLatency.p99 / h.pingLatency.p99)} |`);
console.log(`| tools/call latency p50 (ms) | ${f(h.callLatency.p50, 3)} | ${f(e.callLatency.p50, 3)} | ${r(e.callLatency.p50 / h.callLatency.p50)} |`);
console.log(`| tools/call latency p99 (ms) | ${f(h.callLatency.p99, 3)} | ${f(e.callLatency.p99, 3)} | ${r(e.callLatency.p99 / h.callLatency.p99)} |`);
console.log(`| ping req/s, ${clients} clients | ${f(h.pingRps, 0)} | ${f(e.pingRps, 0)} | ${r(h.pingRps / e.pingRps)} |`);
console.log(`| tools/call req/s, ${clients} clients | ${f(h.callRps, 0)} | ${f(e.callRps, 0)} | ${r(h.callRps / e.callRps)} |`);
const target = 3;
const ok = h.pingRps / e.pingRps >= target && h.callRps / e.callRps >= target;
console.log(`\nTarget: ≥${target}× server-everything's req/s — ${ok ? 'met' : 'NOT met'}.`);
