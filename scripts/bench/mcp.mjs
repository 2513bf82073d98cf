// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh mcp: protocol round trips through hopx-mcp → hopx-desktop, against the
// reference server @modelcontextprotocol/server-everything over stdio, in the same run.
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { startApp, resolvePackageFile, binDir } from '../../tests/interop/harness.mjs';
import { spawnClient, percentile, timeIt, rssKiB, cpuMs, row, f1, f2, f3 } from './lib.mjs';

const N = Number(process.env.HOPX_BENCH_N ?? 10000);
const CONCURRENT = 8;
const THROUGHPUT_SECONDS = Number(process.env.HOPX_BENCH_SECONDS ?? 5);

const ROUNDS = 10;

// p50/p99 of n sequential requests per series, and the CPU its server process used per request
// (µs). The series take turns in ROUNDS rounds of n / ROUNDS requests, so that whatever else the
// machine does at a moment slows all of them alike, not just the one measured then.
async function latencies(series, n) {
  for (const s of series) {
    s.samples = [];
    s.cpu = 0;
    for (let i = 0; i < 200; i++) await s.client.request(s.method, s.params); // warm-up
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of series) {
      const cpuBefore = cpuMs(s.pid);
      for (let i = 0; i < n / ROUNDS; i++) {
        const t = process.hrtime.bigint();
        const r = await s.client.request(s.method, s.params);
        s.samples.push(Number(process.hrtime.bigint() - t) / 1e6);
        if (r.error) throw new Error(JSON.stringify(r.error));
      }
      s.cpu += cpuMs(s.pid) - cpuBefore;
    }
  }
  return series.map((s) => ({ p50: percentile(s.samples, 50), p99: percentile(s.samples, 99), cpuUs: (s.cpu * 1000) / n }));
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

const app = await startApp();
const bridgeEnv = { HOPX_MCP_SOCKET: app.socket, PATH: process.env.PATH };
const bridge = () => spawnClient(join(binDir, 'hopx-mcp'), ['--no-launch'], bridgeEnv);
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
const ref = reference();
await ref.initialize();
// The floor: a C server that only waits in poll, reads a line and writes an answer (no JSON).
// Its ping is the client's and the kernel's share of every round trip.
const minimalDir = mkdtempSync(join(tmpdir(), 'hopx-bench-minimal-'));
const minimalBin = join(minimalDir, 'minimal-server');
execFileSync('cc', ['-O2', '-o', minimalBin, join(import.meta.dirname, 'minimal-server.c')]);
const minimal = spawnClient(minimalBin, [], {});
await minimal.initialize();

const health = { name: 'health', arguments: {} };
const echo = { name: 'echo', arguments: { message: 'hi' } };
const [oursPing, refPing, minimalPing, oursHealth, refEcho] = await latencies([
  { client: ours, method: 'ping', pid: app.child.pid },
  { client: ref, method: 'ping', pid: ref.child.pid },
  { client: minimal, method: 'ping', pid: minimal.child.pid },
  { client: ours, method: 'tools/call', params: health, pid: app.child.pid },
  { client: ref, method: 'tools/call', params: echo, pid: ref.child.pid },
], N);
const bridgeRss = rssKiB(ours.child.pid);
const refRss = rssKiB(ref.child.pid);
ours.close();
ref.close();
minimal.close();
rmSync(minimalDir, { recursive: true, force: true });

const oursRate = await throughput(bridge, THROUGHPUT_SECONDS);
const refRate = await throughput(reference, THROUGHPUT_SECONDS);
await app.stop();

console.log(`\n### MCP protocol (${N} sequential requests each, in ${ROUNDS} interleaved rounds; ${CONCURRENT} clients for ${THROUGHPUT_SECONDS} s)\n`);
console.log(row(['measure', 'hopx-mcp → hopx-desktop', 'server-everything (stdio, Node)', 'ratio (ours/ref)', 'target']));
console.log(row(['---', '---', '---', '---', '---']));
console.log(row(['ping p50 (ms)', f3(oursPing.p50), f3(refPing.p50), f2(oursPing.p50 / refPing.p50), '≤ 0.6']));
console.log(row(['ping p50 (ms), minimal C server (poll, read, write; no JSON)', '', f3(minimalPing.p50), f2(minimalPing.p50 / refPing.p50), 'what no server can beat']));
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
