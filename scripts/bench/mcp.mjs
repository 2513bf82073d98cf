// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh mcp: protocol round trips through hopx-mcp → hopx-desktop, against the
// reference server @modelcontextprotocol/server-everything over stdio, in the same run; and a
// 10 MiB stdout through the whole path (bridge → app → local sandbox → back).
// HOPX_BENCH_BASELINE_BIN_DIR (e.g. a copy of main's build/bin) adds the same app from another
// build to the latency series and the 10 MiB row: before/after under the same load.
import { join } from 'node:path';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync, spawn } from 'node:child_process';
import { privateTree, resolvePackageFile, binDir, startHttpApp, connectHttp, HTTP_TOKEN } from '../../tests/interop/harness.mjs';
import { spawnClient, percentile, timeIt, rssKiB, cpuMs, latencies, row, f1, f2, f3 } from './lib.mjs';

const N = Number(process.env.HOPX_BENCH_N ?? 10000);
const CONCURRENT = 8;
const THROUGHPUT_SECONDS = Number(process.env.HOPX_BENCH_SECONDS ?? 5);

const ROUNDS = 10;
const BIG = 10 * 1024 * 1024; // bytes of stdout in the big-result row
const BIG_RUNS = Number(process.env.HOPX_BENCH_BIG_RUNS ?? 5);
const baselineDir = process.env.HOPX_BENCH_BASELINE_BIN_DIR;

// hopx-desktop --headless from `dir` on a private tree; its output cap lets 10 MiB through.
async function startFrom(dir) {
  const tree = privateTree();
  appendFileSync(join(tree.env.XDG_CONFIG_HOME, 'hopx-desktop', 'hopx-desktop.ini'),
    `[execution]\noutputCapBytes=${2 * BIG}\n`);
  const child = spawn(join(dir, 'hopx-desktop'), ['--headless', '--socket', tree.socket],
                      { env: tree.env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 750 && !existsSync(tree.socket); i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 100));
  return {
    ...tree, child, dir,
    bridge: () => spawnClient(join(dir, 'hopx-mcp'), ['--no-launch'], { HOPX_MCP_SOCKET: tree.socket, PATH: process.env.PATH }),
    async stop() { child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r)); tree.cleanup(); },
  };
}

const peakKiB = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

// run_command printing BIG bytes in a local sandbox, BIG_RUNS times through `call` (a client's
// tools/call): time to the parsed response, and how far the app's resident memory rose above
// where it was before the call (its peak, reset per call through clear_refs), in copies of the
// output.
async function bigRuns(pid, call) {
  const id = (await call('create_sandbox', {})).structuredContent.id;
  const command = `head -c ${BIG} /dev/zero | tr '\\0' a`;
  await call('run_command', { sandbox_id: id, command: 'true' });
  const times = [];
  const growth = [];
  for (let i = 0; i < BIG_RUNS; i++) {
    const before = rssKiB(pid);
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // peak := now
    const t = process.hrtime.bigint();
    const r = await call('run_command', { sandbox_id: id, command });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    growth.push((peakKiB(pid) - before) * 1024 / BIG);
    const got = r.structuredContent?.stdout?.length;
    if (got !== BIG) throw new Error(`stdout came back with ${got} bytes, not ${BIG}`);
  }
  await call('delete_sandbox', { id });
  return { p50: percentile(times, 50), max: Math.max(...times), copies: percentile(growth, 50), copiesMax: Math.max(...growth) };
}

// Through hopx-mcp (the stdio hand-off).
async function bigStdout(app) {
  const c = app.bridge();
  await c.initialize();
  const result = await bigRuns(app.child.pid, (name, args) => c.tool(name, args));
  c.close();
  return result;
}

// The same through Streamable HTTP (the official SDK client on one session): the result
// reaches it as an SSE event on the POST's stream.
async function bigStdoutHttp(dir) {
  const app = await startHttpApp([], HTTP_TOKEN, join(dir, 'hopx-desktop'), (tree) => appendFileSync(
    join(tree.env.XDG_CONFIG_HOME, 'hopx-desktop', 'hopx-desktop.ini'), `[execution]\noutputCapBytes=${2 * BIG}\n`));
  const { client } = await connectHttp(app.endpoint, HTTP_TOKEN, 'bench');
  const result = await bigRuns(app.child.pid,
    (name, args) => client.callTool({ name, arguments: args }, undefined, { timeout: 300000 }));
  await client.close();
  await app.stop();
  return result;
}

async function throughput(makeClient, seconds) {
  const clients = [];
  for (let i = 0; i < CONCURRENT; i++) {
    const c = makeClient();
    await c.initialize();
    clients.push(c);
  }
  let count = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(clients.map(async (c) => {
    while (Date.now() < end) { await c.request('ping'); count++; }
  }));
  clients.forEach((c) => c.close());
  return count / seconds;
}

const app = await startFrom(binDir);
const base = baselineDir ? await startFrom(baselineDir) : null;
const bridge = app.bridge;
const everythingJs = resolvePackageFile('@modelcontextprotocol/server-everything', 'dist/index.js');
const nodeBin = process.execPath;
const reference = () => spawnClient(nodeBin, [everythingJs, 'stdio'], { PATH: process.env.PATH });

// Idle app memory before any client or sandbox.
await new Promise((r) => setTimeout(r, 500));
const appRss = rssKiB(app.child.pid);

// Bridge start to first response: spawn, initialize, answer.
const starts = [];
for (let i = 0; i < 30; i++) {
  starts.push(await timeIt(async () => {
    const c = bridge();
    await c.initialize();
    c.close();
  }));
}

const ours = bridge();
await ours.initialize();
const before = base ? base.bridge() : null;
if (before) await before.initialize();
const ref = reference();
await ref.initialize();
// The floor: a C server that only waits in poll, reads a line and writes an answer (no JSON).
// Its ping is the client's and the kernel's share of every round trip.
const minimalDir = mkdtempSync(join(tmpdir(), 'hopx-bench-minimal-'));
const minimalBin = join(minimalDir, 'minimal-server');
execFileSync('cc', ['-O2', '-o', minimalBin, join(import.meta.dirname, 'minimal-server.c')]);
const minimal = spawnClient(minimalBin, [], {});
await minimal.initialize();
// The same work in the event loop the app runs (Qt's, on glib): what the loop alone adds.
const qtLoopBin = join(minimalDir, 'qt-loop-server');
const qtFlags = execFileSync('pkg-config', ['--cflags', '--libs', 'Qt6Core'], { encoding: 'utf8' }).trim().split(/\s+/);
execFileSync('c++', ['-O2', '-std=c++17', '-fPIC', '-o', qtLoopBin, join(import.meta.dirname, 'qt-loop-server.cpp'), ...qtFlags]);
const qtLoop = spawnClient(qtLoopBin, [], { QT_QPA_PLATFORM: 'offscreen' });
await qtLoop.initialize();

const health = { name: 'health', arguments: {} };
const echo = { name: 'echo', arguments: { message: 'hi' } };
const series = [
  { client: ours, method: 'ping', pid: app.child.pid },
  { client: ref, method: 'ping', pid: ref.child.pid },
  { client: minimal, method: 'ping', pid: minimal.child.pid },
  { client: ours, method: 'tools/call', params: health, pid: app.child.pid },
  { client: ref, method: 'tools/call', params: echo, pid: ref.child.pid },
  { client: qtLoop, method: 'ping', pid: qtLoop.child.pid },
];
if (before) {
  series.push({ client: before, method: 'ping', pid: base.child.pid });
  series.push({ client: before, method: 'tools/call', params: health, pid: base.child.pid });
}
const [oursPing, refPing, minimalPing, oursHealth, refEcho, qtLoopPing, basePing, baseHealth] = await latencies(series, N, ROUNDS);
const bridgeRss = rssKiB(ours.child.pid);
const refRss = rssKiB(ref.child.pid);
ours.close();
if (before) before.close();
ref.close();
minimal.close();
qtLoop.close();
rmSync(minimalDir, { recursive: true, force: true });

const oursRate = await throughput(bridge, THROUGHPUT_SECONDS);
const refRate = await throughput(reference, THROUGHPUT_SECONDS);
// Taking turns, so that both builds see the same load.
const big = { ours: [], base: [] };
for (let i = 0; i < 2; i++) {
  big.ours.push(await bigStdout(app));
  if (base) big.base.push(await bigStdout(base));
}
const bigOf = (runs) => runs.length ? { p50: Math.min(...runs.map((r) => r.p50)), max: Math.max(...runs.map((r) => r.max)),
  copies: Math.min(...runs.map((r) => r.copies)), copiesMax: Math.max(...runs.map((r) => r.copiesMax)) } : null;
const bigOurs = bigOf(big.ours);
const bigBase = bigOf(big.base);
await app.stop();
if (base) await base.stop();
const http = { ours: [], base: [] };
for (let i = 0; i < 2; i++) {
  http.ours.push(await bigStdoutHttp(binDir));
  if (baselineDir) http.base.push(await bigStdoutHttp(baselineDir));
}
const httpOurs = bigOf(http.ours);
const httpBase = bigOf(http.base);

console.log(`\n### MCP protocol (${N} sequential requests each, in ${ROUNDS} interleaved rounds; ${CONCURRENT} clients for ${THROUGHPUT_SECONDS} s)\n`);
console.log(row(['measure', 'hopx-mcp → hopx-desktop', 'server-everything (stdio, Node)', 'ratio (ours/ref)', 'target']));
console.log(row(['---', '---', '---', '---', '---']));
console.log(row(['ping p50 (ms)', f3(oursPing.p50), f3(refPing.p50), f2(oursPing.p50 / refPing.p50), '≤ 0.6']));
console.log(row(['ping p50 (ms), minimal C server (poll, read, write; no JSON)', '', f3(minimalPing.p50), f2(minimalPing.p50 / refPing.p50), 'what no server can beat']));
// What each server adds to a ping above the floor: the part a server can still shave.
console.log(row(['ping p50 above the minimal C server (ms)', f3(oursPing.p50 - minimalPing.p50), f3(refPing.p50 - minimalPing.p50),
  f2((oursPing.p50 - minimalPing.p50) / (refPing.p50 - minimalPing.p50)), '≤ 0.15']));
console.log(row(['  … of which the Qt event loop alone (the C server\'s work in it, no JSON)', f3(qtLoopPing.p50 - minimalPing.p50), '',
  f2((qtLoopPing.p50 - minimalPing.p50) / (refPing.p50 - minimalPing.p50)), '']));
console.log(row(['ping p99 (ms)', f3(oursPing.p99), f3(refPing.p99), f2(oursPing.p99 / refPing.p99), '']));
console.log(row(['tools/call p50 (ms) (health / echo)', f3(oursHealth.p50), f3(refEcho.p50), f2(oursHealth.p50 / refEcho.p50), '≤ 0.8']));
console.log(row(['tools/call p99 (ms)', f3(oursHealth.p99), f3(refEcho.p99), f2(oursHealth.p99 / refEcho.p99), '']));
// CPU per request is not latency (Node also spends it off the round trip, in its GC and
// threads), but it says what each server costs the machine.
for (const [label, o, r] of [['ping', oursPing, refPing], ['tools/call', oursHealth, refEcho]])
  console.log(row([`${label}: server CPU per request (µs, user + system)`, f1(o.cpuUs), f1(r.cpuUs), f2(o.cpuUs / r.cpuUs), '']));
console.log(row([`ping/s, ${CONCURRENT} clients`, f1(oursRate), f1(refRate), f2(oursRate / refRate), '']));
console.log(row(['bridge start → first response p50 (ms)', f1(percentile(starts, 50)), '', '', '≤ 30']));
console.log(row(['bridge RSS (MiB)', f1(bridgeRss / 1024), f1(refRss / 1024), '', '≤ 10']));
console.log(row(['idle headless app RSS (MiB)', f1(appRss / 1024), '', '', '≤ 40']));
console.log(row([`10 MiB stdout through bridge → app → local sandbox → back, p50 (max) (ms), ${2 * BIG_RUNS} calls`,
  `${f1(bigOurs.p50)} (${f1(bigOurs.max)})`, '', '', '']));
console.log(row(['app RSS growth during that call, in copies of the output (median, max)',
  `${f2(bigOurs.copies)} (${f2(bigOurs.copiesMax)})`, '', '', '≤ 2']));
console.log(row([`the same through Streamable HTTP (SDK client), p50 (max) (ms), ${2 * BIG_RUNS} calls`,
  `${f1(httpOurs.p50)} (${f1(httpOurs.max)})`, '', '', '']));
console.log(row(['app RSS growth during that HTTP call, in copies (median, max)',
  `${f2(httpOurs.copies)} (${f2(httpOurs.copiesMax)})`, '', '', '≤ 2']));
if (base) {
  console.log(`\nBaseline (${baselineDir}), same run:\n`);
  console.log(row(['measure', 'this build', 'baseline', 'ratio (this/baseline)']));
  console.log(row(['---', '---', '---', '---']));
  console.log(row(['ping p50 (ms)', f3(oursPing.p50), f3(basePing.p50), f2(oursPing.p50 / basePing.p50)]));
  console.log(row(['ping p50 above the minimal C server (ms)', f3(oursPing.p50 - minimalPing.p50), f3(basePing.p50 - minimalPing.p50),
    f2((oursPing.p50 - minimalPing.p50) / (basePing.p50 - minimalPing.p50))]));
  console.log(row(['  … as a share of what server-everything adds', f2((oursPing.p50 - minimalPing.p50) / (refPing.p50 - minimalPing.p50)),
    f2((basePing.p50 - minimalPing.p50) / (refPing.p50 - minimalPing.p50)), '']));
  console.log(row(['tools/call p50 (ms) (health)', f3(oursHealth.p50), f3(baseHealth.p50), f2(oursHealth.p50 / baseHealth.p50)]));
  console.log(row(['ping: server CPU per request (µs)', f1(oursPing.cpuUs), f1(basePing.cpuUs), f2(oursPing.cpuUs / basePing.cpuUs)]));
  console.log(row(['10 MiB stdout p50 (ms)', f1(bigOurs.p50), f1(bigBase.p50), f2(bigOurs.p50 / bigBase.p50)]));
  console.log(row(['10 MiB stdout: app RSS growth in copies (median)', f2(bigOurs.copies), f2(bigBase.copies), f2(bigOurs.copies / bigBase.copies)]));
  console.log(row(['10 MiB stdout over HTTP p50 (ms)', f1(httpOurs.p50), f1(httpBase.p50), f2(httpOurs.p50 / httpBase.p50)]));
  console.log(row(['10 MiB stdout over HTTP: app RSS growth in copies (median)', f2(httpOurs.copies), f2(httpBase.copies), f2(httpOurs.copies / httpBase.copies)]));
}
