// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh scale: one hopx-desktop --headless (with --http) at scale.
//   - 200 local sandboxes alive (HOPX_SCALE_SANDBOXES), a warm Python kernel in 50 of them:
//     PSS per sandbox (its whole process tree), idle and with a kernel;
//   - create_sandbox p50/p99 with 200 alive (a create and a delete per sample);
//   - Streamable HTTP requests/s with 64 concurrent clients (HOPX_SCALE_HTTP_CLIENTS), errors;
//   - 32 bridges (hopx-mcp) at once, each running Python in a warm sandbox: calls/s, errors.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { startHttpApp, binDir, writeLocalSettings } from '../../tests/interop/harness.mjs';
import { spawnClient, percentile, pssKiB, descendants, row, f1, f2 } from './lib.mjs';
import { McpHttpClient } from './httpclient.mjs';

const SANDBOXES = Number(process.env.HOPX_SCALE_SANDBOXES ?? 200);
const WARM = Number(process.env.HOPX_SCALE_WARM ?? 50);
const HTTP_CLIENTS = Number(process.env.HOPX_SCALE_HTTP_CLIENTS ?? 64);
const BRIDGES = Number(process.env.HOPX_SCALE_BRIDGES ?? 32);
const SECONDS = Number(process.env.HOPX_BENCH_SECONDS ?? 10);
const CREATE_SAMPLES = 40;
// Each new sandbox's disk counts its whole cap against the total (20 GiB by default) and
// against the host's free space: 200 of the default 2 GiB do not fit. Idle sandboxes write
// next to nothing, so the bench gives them small disks (HOPX_SCALE_WORKSPACE_MB) and a total
// that holds them and the spares (HOPX_SCALE_TOTAL_DISK_MB).
const WORKSPACE_MB = Number(process.env.HOPX_SCALE_WORKSPACE_MB ?? 64);
const TOTAL_DISK_MB = Number(process.env.HOPX_SCALE_TOTAL_DISK_MB ?? (SANDBOXES + 4) * WORKSPACE_MB);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
async function timed(fn) {
  const t = process.hrtime.bigint();
  const r = await fn();
  return [Number(process.hrtime.bigint() - t) / 1e6, r];
}
const cmdline = (p) => { try { return readFileSync(`/proc/${p}/cmdline`, 'utf8'); } catch { return ''; } };
function childrenOf(pid) {
  return descendants(pid).filter((p) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
    } catch { return false; }
  });
}

// Every sandbox is one child of the app (its outer bwrap) with its process tree under it.
function sandboxTrees(appPid) {
  return childrenOf(appPid).filter((p) => cmdline(p).includes('bwrap')).map((top) => {
    const procs = [top, ...descendants(top)];
    const pss = procs.reduce((sum, p) => sum + (pssKiB(p) || 0), 0);
    return { top, pss, kernel: procs.some((p) => cmdline(p).includes('kernel.py')) };
  });
}

// The hopx-capfs serving each sandbox's disk daemonizes (parent init, working directory /), so
// it is no descendant of the app: found by the disk directory it holds open in the app's tree.
function fuseServers(root) {
  const out = [];
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number)) {
    try {
      if (readFileSync(`/proc/${p}/comm`, 'utf8').trim() !== 'hopx-capfs') continue;
      if (readdirSync(`/proc/${p}/fd`).some((fd) => readlinkSync(`/proc/${p}/fd/${fd}`).startsWith(root))) out.push(pssKiB(p) || 0);
    } catch { /* exited */ }
  }
  return out;
}

const app = await startHttpApp([], 'scale-token', 'hopx-desktop',
  (tree) => writeLocalSettings(tree.env, { workspaceMb: WORKSPACE_MB, totalDiskMb: TOTAL_DISK_MB }));
const bridge = async () => {
  const c = spawnClient(join(binDir, 'hopx-mcp'), ['--no-launch'], { HOPX_MCP_SOCKET: app.socket, PATH: process.env.PATH });
  await c.initialize();
  return c;
};
const main = await bridge();
const load0 = loadavg();

// 200 sandboxes, created one after another as an assistant would.
const ids = [];
const createAll = [];
for (let i = 0; i < SANDBOXES; i++) {
  const [t, r] = await timed(() => main.tool('create_sandbox', {}));
  if (r.isError) throw new Error(`create ${i}: ${JSON.stringify(r.content)}`);
  ids.push(r.structuredContent.id);
  createAll.push(t);
}
for (const id of ids.slice(0, WARM)) {
  const r = await main.tool('execute_code', { sandbox_id: id, code: '1 + 1' });
  if (r.structuredContent?.result !== '2') throw new Error(`warm-up of ${id}: ${JSON.stringify(r)}`);
}
await sleep(3000); // spares refilled, kernels settled
const trees = sandboxTrees(app.child.pid);
const withKernel = trees.filter((t) => t.kernel);
const idle = trees.filter((t) => !t.kernel);
const mean = (xs) => xs.reduce((s, t) => s + t.pss, 0) / Math.max(1, xs.length) / 1024;
const appPss = pssKiB(app.child.pid) / 1024;
const fuse = fuseServers(app.root);
const fuseMean = fuse.reduce((a, b) => a + b, 0) / Math.max(1, fuse.length) / 1024;

// Creates at 200 alive: one more, then delete it, so 200 stay alive.
const createAt = [];
for (let i = 0; i < CREATE_SAMPLES; i++) {
  const [t, r] = await timed(() => main.tool('create_sandbox', {}));
  createAt.push(t);
  await main.tool('delete_sandbox', { id: r.structuredContent.id });
  await sleep(150); // the spare refills, as between an assistant's turns
}

// 64 HTTP clients, each its own session, calling the health tool as fast as they are answered.
const pool = [];
for (let i = 0; i < HTTP_CLIENTS; i++) {
  const c = new McpHttpClient(app.endpoint, 'scale-token');
  await c.initialize();
  pool.push(c);
}
let httpDone = 0;
let httpErrors = 0;
const httpLat = [];
const deadline = performance.now() + SECONDS * 1000;
const [httpWall] = await timed(() => Promise.all(pool.map(async (c) => {
  while (performance.now() < deadline) {
    const t = performance.now();
    try { await c.rpc('tools/call', { name: 'health', arguments: {} }); httpDone++; httpLat.push(performance.now() - t); } catch { httpErrors++; }
  }
})));
pool.forEach((c) => c.close());

// 32 bridges at once, each with its own warm sandbox (of the 50), 20 runs each, checked.
const [bridgeConnect, bridges] = await timed(() => Promise.all(Array.from({ length: BRIDGES }, bridge)));
let bridgeErrors = 0;
let bridgeCalls = 0;
const bridgeLat = [];
const [bridgeWall] = await timed(() => Promise.all(bridges.map(async (c, i) => {
  const id = ids[i % WARM];
  for (let k = 0; k < 20; k++) {
    const t = performance.now();
    try {
      const r = await c.tool('execute_code', { sandbox_id: id, code: `${i} * 1000 + ${k}` });
      if (r.structuredContent?.result !== String(i * 1000 + k)) bridgeErrors++;
      bridgeCalls++;
      bridgeLat.push(performance.now() - t);
    } catch { bridgeErrors++; }
  }
})));
bridges.forEach((c) => c.close());

const [deleteWall] = await timed(async () => { for (const id of ids) await main.tool('delete_sandbox', { id }); });
main.close();
const load1 = loadavg();
await app.stop();

const p = (s, q) => percentile(s, q);
console.log(`\n### Scale (one hopx-desktop --headless, disks of ${WORKSPACE_MB} MiB, ${TOTAL_DISK_MB} MiB in all; load average ${load0} at the start, ${load1} at the end)\n`);
console.log(row(['measure', 'value', 'target']));
console.log(row(['---', '---', '---']));
console.log(row([`memory per idle sandbox, ${SANDBOXES} alive, with its hopx-capfs (PSS MiB, ${idle.length} sandboxes incl. spares)`, f2(mean(idle) + fuseMean), '≤ 2 MiB']));
console.log(row([`of which its process tree / its hopx-capfs (PSS MiB, ${fuse.length} hopx-capfs)`, `${f2(mean(idle))} / ${f2(fuseMean)}`, '']));
console.log(row([`memory per sandbox with a warm Python kernel (PSS MiB, ${withKernel.length})`, f2(mean(withKernel)), '']));
console.log(row([`all ${trees.length} sandboxes together (PSS MiB) / the app itself`, `${f1(trees.reduce((s, t) => s + t.pss, 0) / 1024)} / ${f1(appPss)}`, '']));
console.log(row([`create_sandbox p50 / p99 while creating the ${SANDBOXES} (ms)`, `${f2(p(createAll, 50))} / ${f2(p(createAll, 99))}`, '']));
console.log(row([`create_sandbox p50 / p99 with ${SANDBOXES} alive (ms)`, `${f2(p(createAt, 50))} / ${f2(p(createAt, 99))}`, '']));
console.log(row([`HTTP tools/call health, ${HTTP_CLIENTS} clients: req/s (p50 / p99 ms)`, `${(httpDone / (httpWall / 1000)).toFixed(0)} (${f2(p(httpLat, 50))} / ${f2(p(httpLat, 99))})`, '']));
console.log(row([`HTTP errors of ${httpDone + httpErrors}`, String(httpErrors), '0']));
console.log(row([`${BRIDGES} bridges: connect all (ms), execute_code calls/s (p50 / p99 ms)`, `${f1(bridgeConnect)}, ${(bridgeCalls / (bridgeWall / 1000)).toFixed(0)} (${f2(p(bridgeLat, 50))} / ${f2(p(bridgeLat, 99))})`, '']));
console.log(row([`bridge errors or wrong results of ${BRIDGES * 20}`, String(bridgeErrors), '0']));
console.log(row([`delete all ${SANDBOXES} (s)`, f2(deleteWall / 1000), '']));
if (httpErrors || bridgeErrors) process.exitCode = 1;
