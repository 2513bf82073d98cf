// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Run by scripts/bench/modern.sh: the 2026-07-28 (stateless) era beside the legacy one.
//   - stdio through hopx-mcp: per-request latency of a trivial tools/call, legacy (after
//     initialize) and modern (per-request _meta, no initialize), same raw line client, and the
//     reference server-everything over stdio in the same run;
//   - Streamable HTTP requests/s with wrk (a server-side load tool: a Node client saturates
//     first): hopx-desktop modern (no session, the era's headers) and legacy (a session), and
//     server-everything (legacy, a session: the reference speaks no 2026-07-28), with wrk's
//     latency percentiles; and ping on one legacy session, against the reference's.
// Prints markdown tables and whether the targets are met (≥10× the reference's req/s; modern
// p50 no worse than legacy; ping on one session ≥20× the reference's).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, resolvePackageFile, binDir } from '../../tests/interop/harness.mjs';
import { spawnClient, latencies, percentile, f2, f3, row } from './lib.mjs';
import { McpHttpClient, startHopx, startEverything } from './httpservers.mjs';

const N = Number(process.env.HOPX_BENCH_N ?? 3000);
const SECONDS = Number(process.env.HOPX_BENCH_SECONDS ?? 2); // per wrk turn
const CONNECTIONS = Number(process.env.HOPX_BENCH_CLIENTS ?? 16);
const MODERN = '2026-07-28';
const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'hopx-bench', version: '1' } };

// The stdio series take turns in ROUNDS rounds: one after the other, a quiet or busy stretch of
// a few seconds decided the modern-vs-legacy comparison by itself (48 against 67 µs in one run,
// 79 against 78 in the next).
const ROUNDS = 10;

// --- stdio ---
const app = await startApp(['--conformance-fixtures'], {}, null, 'hopx-desktop-testserver');
const bridge = () => spawnClient(join(binDir, 'hopx-mcp'), ['--no-launch'], { HOPX_MCP_SOCKET: app.socket, PATH: process.env.PATH });
const stdio = {};
{
  const legacy = bridge();
  await legacy.initialize('2025-11-25');
  const modern = bridge(); // no initialize: every request says who it is
  const everythingJs = resolvePackageFile('@modelcontextprotocol/server-everything', 'dist/index.js');
  const ref = spawnClient(process.execPath, [everythingJs, 'stdio'], { PATH: process.env.PATH });
  await ref.initialize('2025-11-25');
  [stdio.legacy, stdio.modern, stdio.reference] = await latencies([
    { client: legacy, method: 'tools/call', params: { name: 'test_simple_text', arguments: {} } },
    { client: modern, method: 'tools/call', params: { name: 'test_simple_text', arguments: {}, _meta: meta } },
    { client: ref, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } },
  ], N, ROUNDS);
  legacy.close();
  modern.close();
  ref.close();
}
await app.stop();

// --- HTTP with wrk ---
// Both servers run at once and every wrk series takes its turn in each of HTTP_ROUNDS rounds
// of SECONDS: one after the other, the reference's rate alone moved 1.6× between runs, and the
// "≥ 20×" ping ratio was decided by which of the two met a busy stretch.
const HTTP_ROUNDS = Number(process.env.HOPX_BENCH_HTTP_ROUNDS ?? 3);
const work = mkdtempSync(join(tmpdir(), 'hopx-bench-modern-'));
const wrkMs = (text) => { // wrk's "252.00us", "2.18ms", "1.02s" in ms
  const m = /^([\d.]+)(us|ms|s)$/.exec(text ?? '');
  return m ? Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]] : NaN;
};
function wrk(name, url, headers, body) {
  const lua = join(work, `${name}.lua`);
  writeFileSync(lua, `wrk.method = "POST"\nwrk.body = ${JSON.stringify(body)}\n` +
    Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}\n`).join(''));
  const r = spawnSync('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '-s', lua, url], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`wrk: ${r.error?.message ?? r.stderr}`);
  const out = r.stdout;
  if (/Non-2xx or 3xx responses/.test(out)) throw new Error(`${name}: error responses under load:\n${out}`);
  const num = (re) => { const m = re.exec(out); return m ? m[1] : 'n/a'; };
  return { rps: Number(num(/Requests\/sec:\s+([\d.]+)/)), p50: wrkMs(num(/\n\s+50%\s+(\S+)/)), p99: wrkMs(num(/\n\s+99%\s+(\S+)/)) };
}
// The rounds of one series: the mean rate (the rounds last alike), the median round's latencies.
const summary = (rounds) => ({ rps: rounds.reduce((a, r) => a + r.rps, 0) / rounds.length,
  p50: percentile(rounds.map((r) => r.p50), 50), p99: percentile(rounds.map((r) => r.p99), 50), rounds });
const common = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const callBody = (params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
const pingBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
const http = {};
{
  const hopx = await startHopx();
  const everything = await startEverything();
  const ours = new McpHttpClient(hopx.url, hopx.token);
  const theirs = new McpHttpClient(everything.url);
  try {
    await ours.initialize();
    await theirs.initialize();
    const auth = { Authorization: `Bearer ${hopx.token}` };
    const legacyHeaders = (c) => ({ ...common, 'Mcp-Session-Id': c.session, 'MCP-Protocol-Version': '2025-11-25' });
    const series = {
      modern: () => wrk('modern', hopx.url, { ...common, ...auth, 'MCP-Protocol-Version': MODERN,
        'Mcp-Method': 'tools/call', 'Mcp-Name': 'test_simple_text' },
      callBody({ name: 'test_simple_text', arguments: {}, _meta: meta })),
      legacy: () => wrk('legacy', hopx.url, { ...legacyHeaders(ours), ...auth },
        callBody({ name: 'test_simple_text', arguments: {} })),
      ping: () => wrk('ping', hopx.url, { ...legacyHeaders(ours), ...auth }, pingBody),
      reference: () => wrk('reference', everything.url, legacyHeaders(theirs),
        callBody({ name: 'echo', arguments: { message: 'hi' } })),
      referencePing: () => wrk('reference-ping', everything.url, legacyHeaders(theirs), pingBody),
    };
    const rounds = Object.fromEntries(Object.keys(series).map((k) => [k, []]));
    for (let round = 0; round < HTTP_ROUNDS; round++)
      for (const [k, run] of Object.entries(series)) rounds[k].push(run());
    for (const k of Object.keys(series)) http[k] = summary(rounds[k]);
  } finally {
    ours.close();
    theirs.close();
    await hopx.stop();
    await everything.stop();
  }
}
rmSync(work, { recursive: true, force: true });

const load = loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`\n2026-07-28 vs legacy, 127.0.0.1, ${cpus().length} CPUs, load average ${load} (at the end).`);
console.log(`tools/call = a trivial text tool (hopx: test_simple_text; server-everything: echo).\n`);
console.log(`stdio through hopx-mcp, ${N} sequential calls per client, the clients taking turns in ${ROUNDS} rounds:\n`);
console.log('| era | p50 (ms) | p99 (ms) |');
console.log('|---|---:|---:|');
console.log(row([`hopx-desktop legacy (initialize 2025-11-25)`, f3(stdio.legacy.p50), f3(stdio.legacy.p99)]));
console.log(row([`hopx-desktop ${MODERN} (per-request _meta)`, f3(stdio.modern.p50), f3(stdio.modern.p99)]));
console.log(row(['server-everything (legacy, reference)', f3(stdio.reference.p50), f3(stdio.reference.p99)]));
console.log(`\nStreamable HTTP, wrk -t2 -c${CONNECTIONS} -d${SECONDS}s per turn, the series taking turns in ${HTTP_ROUNDS} rounds ` +
            `(req/s: the mean of the rounds; p50, p99: the median round's):\n`);
const lat = (v) => (v < 1 ? `${(v * 1000).toFixed(0)}us` : `${v.toFixed(2)}ms`);
console.log('| server, era | req/s | p50 | p99 | vs reference |');
console.log('|---|---:|---:|---:|---:|');
for (const [label, r] of [[`hopx-desktop ${MODERN} (stateless)`, http.modern], ['hopx-desktop legacy (session)', http.legacy],
  ['server-everything legacy (reference)', http.reference]]) {
  console.log(row([label, r.rps.toFixed(0), lat(r.p50), lat(r.p99), `${f2(r.rps / http.reference.rps)}×`]));
}
console.log(`\nping on one session (every request on the same Mcp-Session-Id), wrk as above:\n`);
console.log('| server | req/s | p50 | p99 | vs reference |');
console.log('|---|---:|---:|---:|---:|');
for (const [label, r] of [['hopx-desktop', http.ping], ['server-everything (reference)', http.referencePing]])
  console.log(row([label, r.rps.toFixed(0), lat(r.p50), lat(r.p99), `${f2(r.rps / http.referencePing.rps)}×`]));
const perRound = http.ping.rounds.map((r, i) => `${f2(r.rps / http.referencePing.rounds[i].rps)}×`);
console.log(`\nping ratio in each round: ${perRound.join(', ')}`);
const pingOk = http.ping.rps >= 20 * http.referencePing.rps;
const rpsOk = http.modern.rps >= 10 * http.reference.rps;
const p50Ok = stdio.modern.p50 <= stdio.legacy.p50 * 1.05;
console.log(`\nTargets: modern HTTP req/s ≥ 10× the reference — ${rpsOk ? 'met' : 'NOT met'}; ` +
            `modern stdio p50 no worse than legacy (5% noise allowed) — ${p50Ok ? 'met' : 'NOT met'}; ` +
            `ping on one session ≥ 20× the reference's — ${pingOk ? 'met' : 'NOT met'}.`);
