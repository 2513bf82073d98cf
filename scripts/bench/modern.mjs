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
import { spawnClient, percentile, f2, f3, row } from './lib.mjs';
import { McpHttpClient, startHopx, startEverything } from './httpservers.mjs';

const N = Number(process.env.HOPX_BENCH_N ?? 3000);
const SECONDS = Number(process.env.HOPX_BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.HOPX_BENCH_CLIENTS ?? 16);
const MODERN = '2026-07-28';
const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'hopx-bench', version: '1' } };

async function latency(client, params) {
  const samples = [];
  for (let i = 0; i < 200; i++) await client.request('tools/call', params); // warm-up
  for (let i = 0; i < N; i++) {
    const t = process.hrtime.bigint();
    const r = await client.request('tools/call', params);
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (r.error) throw new Error(JSON.stringify(r.error));
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

// --- stdio ---
const app = await startApp(['--conformance-fixtures'], {}, null, 'hopx-desktop-testserver');
const bridge = () => spawnClient(join(binDir, 'hopx-mcp'), ['--no-launch'], { HOPX_MCP_SOCKET: app.socket, PATH: process.env.PATH });
const stdio = {};
{
  const legacy = bridge();
  await legacy.initialize('2025-11-25');
  stdio.legacy = await latency(legacy, { name: 'test_simple_text', arguments: {} });
  legacy.close();
  const modern = bridge(); // no initialize: every request says who it is
  stdio.modern = await latency(modern, { name: 'test_simple_text', arguments: {}, _meta: meta });
  modern.close();
  const everythingJs = resolvePackageFile('@modelcontextprotocol/server-everything', 'dist/index.js');
  const ref = spawnClient(process.execPath, [everythingJs, 'stdio'], { PATH: process.env.PATH });
  await ref.initialize('2025-11-25');
  stdio.reference = await latency(ref, { name: 'echo', arguments: { message: 'hi' } });
  ref.close();
}
await app.stop();

// --- HTTP with wrk ---
const work = mkdtempSync(join(tmpdir(), 'hopx-bench-modern-'));
function wrk(name, url, headers, body) {
  const lua = join(work, `${name}.lua`);
  writeFileSync(lua, `wrk.method = "POST"\nwrk.body = ${JSON.stringify(body)}\n` +
    Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}\n`).join(''));
  const r = spawnSync('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '-s', lua, url], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`wrk: ${r.error?.message ?? r.stderr}`);
  const out = r.stdout;
  if (/Non-2xx or 3xx responses/.test(out)) throw new Error(`${name}: error responses under load:\n${out}`);
  const num = (re) => { const m = re.exec(out); return m ? m[1] : 'n/a'; };
  return { rps: Number(num(/Requests\/sec:\s+([\d.]+)/)), p50: num(/\n\s+50%\s+(\S+)/), p99: num(/\n\s+99%\s+(\S+)/) };
}
const common = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const callBody = (params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
const pingBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
const http = {};
{
  const hopx = await startHopx();
  try {
    const auth = { Authorization: `Bearer ${hopx.token}` };
    http.modern = wrk('modern', hopx.url, { ...common, ...auth, 'MCP-Protocol-Version': MODERN,
      'Mcp-Method': 'tools/call', 'Mcp-Name': 'test_simple_text' },
    callBody({ name: 'test_simple_text', arguments: {}, _meta: meta }));
    const c = new McpHttpClient(hopx.url, hopx.token);
    await c.initialize();
    http.legacy = wrk('legacy', hopx.url, { ...common, ...auth, 'Mcp-Session-Id': c.session,
      'MCP-Protocol-Version': '2025-11-25' }, callBody({ name: 'test_simple_text', arguments: {} }));
    http.ping = wrk('ping', hopx.url, { ...common, ...auth, 'Mcp-Session-Id': c.session,
      'MCP-Protocol-Version': '2025-11-25' }, pingBody);
    c.close();
  } finally { await hopx.stop(); }
  const everything = await startEverything();
  try {
    const c = new McpHttpClient(everything.url);
    await c.initialize();
    http.reference = wrk('reference', everything.url, { ...common, 'Mcp-Session-Id': c.session,
      'MCP-Protocol-Version': '2025-11-25' }, callBody({ name: 'echo', arguments: { message: 'hi' } }));
    http.referencePing = wrk('reference-ping', everything.url, { ...common, 'Mcp-Session-Id': c.session,
      'MCP-Protocol-Version': '2025-11-25' }, pingBody);
    c.close();
  } finally { await everything.stop(); }
}
rmSync(work, { recursive: true, force: true });

const load = loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`\n2026-07-28 vs legacy, 127.0.0.1, ${cpus().length} CPUs, load average ${load} (at the end).`);
console.log(`tools/call = a trivial text tool (hopx: test_simple_text; server-everything: echo).\n`);
console.log(`stdio through hopx-mcp, one client, ${N} sequential calls:\n`);
console.log('| era | p50 (ms) | p99 (ms) |');
console.log('|---|---:|---:|');
console.log(row([`hopx-desktop legacy (initialize 2025-11-25)`, f3(stdio.legacy.p50), f3(stdio.legacy.p99)]));
console.log(row([`hopx-desktop ${MODERN} (per-request _meta)`, f3(stdio.modern.p50), f3(stdio.modern.p99)]));
console.log(row(['server-everything (legacy, reference)', f3(stdio.reference.p50), f3(stdio.reference.p99)]));
console.log(`\nStreamable HTTP, wrk -t2 -c${CONNECTIONS} -d${SECONDS}s:\n`);
console.log('| server, era | req/s | p50 | p99 | vs reference |');
console.log('|---|---:|---:|---:|---:|');
for (const [label, r] of [[`hopx-desktop ${MODERN} (stateless)`, http.modern], ['hopx-desktop legacy (session)', http.legacy],
  ['server-everything legacy (reference)', http.reference]]) {
  console.log(row([label, r.rps.toFixed(0), r.p50, r.p99, `${f2(r.rps / http.reference.rps)}×`]));
}
console.log(`\nping on one session (every request on the same Mcp-Session-Id), wrk as above:\n`);
console.log('| server | req/s | p50 | p99 | vs reference |');
console.log('|---|---:|---:|---:|---:|');
for (const [label, r] of [['hopx-desktop', http.ping], ['server-everything (reference)', http.referencePing]])
  console.log(row([label, r.rps.toFixed(0), r.p50, r.p99, `${f2(r.rps / http.referencePing.rps)}×`]));
const pingOk = http.ping.rps >= 20 * http.referencePing.rps;
const rpsOk = http.modern.rps >= 10 * http.reference.rps;
const p50Ok = stdio.modern.p50 <= stdio.legacy.p50 * 1.05;
console.log(`\nTargets: modern HTTP req/s ≥ 10× the reference — ${rpsOk ? 'met' : 'NOT met'}; ` +
            `modern stdio p50 no worse than legacy (5% noise allowed) — ${p50Ok ? 'met' : 'NOT met'}; ` +
            `ping on one session ≥ 20× the reference's — ${pingOk ? 'met' : 'NOT met'}.`);
