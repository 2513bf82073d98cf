// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Run by scripts/soak.sh MINUTES. One real `hopx-desktop --headless` serves mixed traffic from
// official SDK clients over stdio (through hopx-mcp) and Streamable HTTP at once, for MINUTES:
// Python with state over many calls, plots, file write/read, background processes, cancels,
// clients that disconnect mid-call, isolated runs and sandboxes left to expire by timeout.
// Every 10 s it samples the app (RSS, open fds, threads, live sandboxes) and the latency of
// each tool in that window into soak.csv. It fails on a lost or duplicated response, a wrong
// result or an unexpected error, a sandbox or fd left behind once the clients are gone, or RSS
// growth beyond the warm-up plateau (RSS at min(5 min, 40 % of the run) against the end).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { binDir, connectStdio, connectHttp, privateTree, writeLocalSettings } from '../../tests/interop/harness.mjs';
import { descendants, percentile } from '../bench/lib.mjs';

const minutes = Number(process.argv[2] ?? process.env.HOPX_SOAK_MINUTES ?? 2);
const outDir = process.env.HOPX_SOAK_OUT ?? join(process.cwd(), 'soak-out');
const maxGrowth = Number(process.env.HOPX_SOAK_MAX_RSS_GROWTH ?? 5); // percent
const fdSlack = Number(process.env.HOPX_SOAK_FD_SLACK ?? 2);
const SAMPLE_MS = 10000;
const CALL_TIMEOUT_MS = 120000; // a response later than this counts as lost
const EXPIRE_SECONDS = 15; // the timeout of the sandboxes left to expire
const TOKEN = 'soak-http-token';
mkdirSync(outDir, { recursive: true });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.error(`[soak ${((Date.now() - t0) / 1000).toFixed(0)}s]`, ...a);

// --- the app -----------------------------------------------------------------------------
async function startApp() {
  const tree = privateTree();
  // Each new sandbox's disk counts its whole cap (2 GiB by default, 20 GiB for all), which
  // would hold the soak to ten sandboxes with the spares; its sandboxes write little.
  writeLocalSettings(tree.env, { workspaceMb: 128, totalDiskMb: 16384 });
  const env = { ...tree.env, HOPX_MCP_HTTP_TOKEN: TOKEN, QT_LOGGING_RULES: 'hopx.*.info=false' };
  const child = spawn(join(binDir, 'hopx-desktop'), ['--headless', '--socket', tree.socket, '--http', '127.0.0.1:0'],
                      { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const appLog = createWriteStream(join(outDir, 'app.log'));
  let seen = '';
  const endpoint = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no endpoint line:\n${seen}`)), 20000);
    child.stderr.on('data', (chunk) => {
      appLog.write(chunk);
      if (seen.length < 65536) seen += chunk;
      const m = /HTTP MCP endpoint: (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(seen);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`hopx-desktop exited (${code}):\n${seen}`)); });
  });
  return { ...tree, child, endpoint, appLog };
}

function procStatus(pid, key) {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${key}:\\s+(\\d+)`));
  return m ? Number(m[1]) : NaN;
}
const fdCount = (pid) => readdirSync(`/proc/${pid}/fd`).length;
function bwrapCount(pid) {
  let n = 0;
  for (const p of descendants(pid)) {
    try { if (readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'bwrap') n++; } catch { /* exited */ }
  }
  return n;
}

// --- bookkeeping: every call, its latency, and every way it can go wrong ------------------
const stats = {
  calls: 0, lost: 0, duplicated: 0, lateAfterCancel: 0, wrong: 0, unexpected: 0, cancelled: 0,
  disconnected: 0, expired: 0, notExpired: 0,
};
const latency = new Map(); // tool -> all samples (ms)
let window = new Map(); // tool -> samples in the current 10 s window
const problems = [];
function problem(kind, what) {
  stats[kind]++;
  if (problems.length < 50) problems.push(`${kind}: ${what}`);
  log(`${kind}: ${what}`);
}
function record(tool, ms) {
  stats.calls++;
  for (const m of [latency, window]) {
    if (!m.has(tool)) m.set(tool, []);
    m.get(tool).push(ms);
  }
}

// A client wrapper: the transport's outgoing cancellations are remembered, so that a response
// that crosses its own cancellation is told from a duplicate (both reach the SDK as a response
// to an unknown id).
function watch(client, transport, name) {
  const cancelled = new Set();
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (message.method === 'notifications/cancelled') cancelled.add(message.params.requestId);
    return send(message, options);
  };
  client.onerror = (error) => {
    const m = /unknown message ID: (.*)$/s.exec(String(error?.message));
    if (!m) return; // transport noise on purposeful disconnects is judged by the call itself
    const id = JSON.parse(m[1]).id;
    if (cancelled.has(id)) stats.lateAfterCancel++;
    else problem('duplicated', `${name}: a second response to request ${id}`);
  };
  return { client, transport, name };
}
async function stdioClient(app, name) {
  const client = await connectStdio(app, name);
  return watch(client, client.transport, name);
}
async function httpClient(app, name) {
  const { client, transport } = await connectHttp(app.endpoint, TOKEN, name);
  return watch(client, transport, name);
}

// One tool call, timed. `expectError` names calls whose isError result is the right answer.
async function call(c, tool, args, { signal, expectError = false } = {}) {
  const t = performance.now();
  let r;
  try {
    r = await c.client.callTool({ name: tool, arguments: args }, undefined,
                                { signal, timeout: CALL_TIMEOUT_MS, maxTotalTimeout: CALL_TIMEOUT_MS });
  } catch (e) {
    if (signal?.aborted) { stats.cancelled++; return null; }
    if (/timed out|Request timeout/i.test(String(e?.message)) || e?.code === -32001) {
      problem('lost', `${c.name} ${tool}: no response in ${CALL_TIMEOUT_MS / 1000} s`);
    } else {
      problem('unexpected', `${c.name} ${tool}: ${e?.message}`);
    }
    return null;
  }
  record(tool, performance.now() - t);
  if (r.isError && !expectError) problem('unexpected', `${c.name} ${tool}: ${JSON.stringify(r.content).slice(0, 300)}`);
  return r;
}
function sc(r) {
  if (!r) return {};
  if (r.structuredContent) return r.structuredContent;
  const text = r.content?.find((x) => x.type === 'text')?.text;
  try { return JSON.parse(text); } catch { return {}; }
}
function expect(c, what, ok, got) {
  if (!ok) problem('wrong', `${c.name} ${what}: got ${JSON.stringify(got).slice(0, 300)}`);
}

// --- the workers -------------------------------------------------------------------------
let stopping = false;
const pause = () => sleep(100 + Math.random() * 200);

// Python state over several calls, a plot now and then, files, a fresh sandbox every 25 rounds.
async function statefulWorker(c) {
  while (!stopping) {
    const id = sc(await call(c, 'create_sandbox', {})).id;
    if (!id) { await sleep(1000); continue; }
    await call(c, 'execute_code', { sandbox_id: id, code: 'n = 0' });
    for (let i = 1; i <= 25 && !stopping; i++) {
      const r = sc(await call(c, 'execute_code', { sandbox_id: id, code: 'n += 1\nn' }));
      expect(c, 'Python state', r.result === String(i), r);
      if (i % 5 === 0) {
        const plot = await call(c, 'execute_code', {
          sandbox_id: id,
          code: 'import matplotlib\nmatplotlib.use("Agg")\nimport matplotlib.pyplot as plt\nplt.plot([1, n, 3])\nplt.show()',
        });
        // What came instead of the picture: the blocks' types, and the text's start.
        expect(c, 'a plot', !plot || plot.content?.some((x) => x.type === 'image'),
          plot?.content?.map((x) => (x.type === 'text' ? x.text.slice(0, 240) : x.type)));
      }
      const text = `round ${i} of ${c.name}\n`.repeat(1 + i * 10);
      await call(c, 'file_write', { sandbox_id: id, path: `/workspace/f${i % 3}.txt`, content: text });
      const back = sc(await call(c, 'file_read', { sandbox_id: id, path: `/workspace/f${i % 3}.txt` }));
      expect(c, 'file round trip', back.content === text, back.size);
      await pause();
    }
    await call(c, 'delete_sandbox', { id });
  }
}

// Background processes: start, list, kill; a shell one that ends by itself.
async function backgroundWorker(c) {
  let id;
  for (let round = 0; !stopping; round++) {
    if (round % 40 === 0) { // a fresh sandbox now and then: its process list keeps every finished one
      if (id) await call(c, 'delete_sandbox', { id });
      id = sc(await call(c, 'create_sandbox', {})).id;
    }
    const p = sc(await call(c, 'execute_code_background', { sandbox_id: id, code: 'import time\ntime.sleep(30)' }));
    await call(c, 'run_command_background', { sandbox_id: id, command: 'sleep 0.5; echo done' });
    const list = sc(await call(c, 'execute_list_processes', { sandbox_id: id, max_results: 0 }));
    expect(c, 'background listed', (list.processes ?? []).some((x) => x.process_id === p.process_id), list);
    await call(c, 'execute_kill_process', { sandbox_id: id, process_id: p.process_id });
    const r = sc(await call(c, 'run_command', { sandbox_id: id, command: 'echo ok' }));
    expect(c, 'run_command', r.stdout === 'ok\n', r);
    await sleep(500 + Math.random() * 500);
  }
  await call(c, 'delete_sandbox', { id });
}

// Cancels: a long run cancelled after 0.2–1 s; the next call in the same sandbox must work.
async function cancelWorker(c) {
  // Kept for the whole run, so it must outlive it: with the default timeout (3600 s) it
  // expired in the last round of a 60-minute soak, and the run after a cancel found it gone.
  const id = sc(await call(c, 'create_sandbox', { timeout_seconds: minutes * 60 + 900 })).id;
  while (!stopping) {
    const abort = new AbortController();
    setTimeout(() => abort.abort('soak cancel'), 200 + Math.random() * 800);
    await call(c, 'execute_code', { sandbox_id: id, code: 'import time\ntime.sleep(20)', timeout: 60 }, { signal: abort.signal });
    const r = sc(await call(c, 'execute_code', { sandbox_id: id, code: '6 * 7' }));
    expect(c, 'a run after a cancel', r.result === '42', r);
    await pause();
  }
  await call(c, 'delete_sandbox', { id });
}

// Clients that come and go: a fresh bridge or HTTP session creates a sandbox that expires by
// its timeout, runs an isolated call, starts a long call and disconnects in the middle of it.
const expiring = []; // { id, deadline }
async function churnWorker(app, kind) {
  let n = 0;
  while (!stopping) {
    const c = kind === 'stdio' ? await stdioClient(app, `churn-stdio-${n}`) : await httpClient(app, `churn-http-${n}`);
    n++;
    const created = sc(await call(c, 'create_sandbox', { timeout_seconds: EXPIRE_SECONDS }));
    if (created.id) {
      expiring.push({ id: created.id, deadline: Date.now() + (EXPIRE_SECONDS + 20) * 1000 });
      await call(c, 'execute_code', { sandbox_id: created.id, code: 'x = 1' });
    }
    const iso = sc(await call(c, 'execute_code_isolated', { code: 'print(sum(range(10)))' }));
    expect(c, 'isolated run', iso.stdout === '45\n', iso);
    const target = created.id ? { sandbox_id: created.id } : {};
    const pending = c.client.callTool({ name: 'execute_code', arguments: { ...target, code: 'import time\ntime.sleep(10)' } })
      .catch(() => null);
    await sleep(300 + Math.random() * 700);
    await c.client.close(); // mid-call: the app must drop the call and the session, not the sandbox's timer
    await pending;
    stats.disconnected++;
    await sleep(2000 + Math.random() * 2000);
  }
}

// Expired sandboxes must be gone: get_sandbox answers an error for each, past its deadline.
async function expiryChecker(c) {
  while (!stopping || expiring.length) {
    const due = expiring.filter((e) => e.deadline <= Date.now());
    for (const e of due) {
      expiring.splice(expiring.indexOf(e), 1);
      const r = await call(c, 'get_sandbox', { id: e.id }, { expectError: true });
      if (r?.isError) stats.expired++;
      else problem('notExpired', `${e.id} still there after ${EXPIRE_SECONDS} s + 20 s: ${JSON.stringify(sc(r))}`);
    }
    await sleep(1000);
  }
}

// --- sampling ----------------------------------------------------------------------------
const TOOLS = ['create_sandbox', 'execute_code', 'execute_code_isolated', 'file_write', 'file_read', 'run_command',
  'execute_code_background', 'delete_sandbox'];
const rows = [];
const csv = createWriteStream(join(outDir, 'soak.csv'));
csv.write(['t_s', 'rss_kib', 'rss_anon_kib', 'fds', 'threads', 'sandboxes', 'bwrap', 'calls', 'problems',
  ...TOOLS.flatMap((t) => [`${t}_p50_ms`, `${t}_p99_ms`])].join(',') + '\n');
async function sample(app, monitor) {
  const pid = app.child.pid;
  const listed = sc(await call(monitor, 'list_sandboxes', { provider: 'local', limit: 10000 }));
  const row = {
    // RssAnon beside VmRSS: the file-backed part (the binary and Qt, ~24 MiB of ~31) moves
    // when the kernel reclaims page cache under other load, which can hide or fake growth.
    t: (Date.now() - t0) / 1000, rss: procStatus(pid, 'VmRSS'), rssAnon: procStatus(pid, 'RssAnon'), fds: fdCount(pid), threads: procStatus(pid, 'Threads'),
    sandboxes: listed.count ?? NaN, bwrap: bwrapCount(pid), calls: stats.calls,
    problems: stats.lost + stats.duplicated + stats.wrong + stats.unexpected + stats.notExpired,
  };
  const lat = TOOLS.flatMap((t) => {
    const s = window.get(t) ?? [];
    return s.length ? [percentile(s, 50).toFixed(1), percentile(s, 99).toFixed(1)] : ['', ''];
  });
  window = new Map();
  rows.push(row);
  csv.write([row.t.toFixed(0), row.rss, row.rssAnon, row.fds, row.threads, row.sandboxes, row.bwrap, row.calls, row.problems, ...lat].join(',') + '\n');
  return row;
}

// --- the run -----------------------------------------------------------------------------
const t0 = Date.now();
const app = await startApp();
log(`hopx-desktop pid ${app.child.pid}, ${app.endpoint}; ${minutes} min; out ${outDir}`);
const monitor = await stdioClient(app, 'monitor');
// One round of each kind of sandbox first: the warm spares the app keeps for them then exist
// at the baseline as they do at the end.
await call(monitor, 'delete_sandbox', { id: sc(await call(monitor, 'create_sandbox', {})).id });
await call(monitor, 'execute_code_isolated', { code: '1' });
await sleep(5000);
const base = { fds: fdCount(app.child.pid), bwrap: bwrapCount(app.child.pid) };
await sample(app, monitor);

const clients = [
  await stdioClient(app, 'state-stdio'), await httpClient(app, 'state-http'),
  await stdioClient(app, 'background-stdio'), await httpClient(app, 'cancel-http'), await stdioClient(app, 'cancel-stdio'),
];
const workers = [
  statefulWorker(clients[0]), statefulWorker(clients[1]), backgroundWorker(clients[2]),
  cancelWorker(clients[3]), cancelWorker(clients[4]), churnWorker(app, 'stdio'), churnWorker(app, 'http'),
  expiryChecker(monitor),
].map((p) => p.catch((e) => problem('unexpected', `worker died: ${e?.stack ?? e}`)));

const end = t0 + minutes * 60000;
const warmAt = Math.min(5 * 60, minutes * 60 * 0.4);
let warmRss = NaN;
let warmAnon = NaN;
while (Date.now() < end) {
  await sleep(Math.min(SAMPLE_MS, Math.max(0, end - Date.now())));
  const r = await sample(app, monitor);
  if (Number.isNaN(warmRss) && r.t >= warmAt) { warmRss = r.rss; warmAnon = r.rssAnon; }
  log(`rss ${(r.rss / 1024).toFixed(1)} MiB, fds ${r.fds}, threads ${r.threads}, sandboxes ${r.sandboxes}, calls ${r.calls}, problems ${r.problems}`);
}
const endRss = rows[rows.length - 1].rss;
const endAnon = rows[rows.length - 1].rssAnon;
stopping = true;
log('stopping: the workers finish their round and delete their sandboxes; expiring ones run out');
await Promise.all(workers);
for (const c of clients) await c.client.close();
await sleep(8000); // HTTP keep-alive connections close, the spare refills
const final = await sample(app, monitor);
const listedAtEnd = final.sandboxes;
await monitor.client.close();
await sleep(2000);
const finalFds = fdCount(app.child.pid);
const finalBwrap = bwrapCount(app.child.pid);
const finalTree = descendants(app.child.pid).map((p) => {
  try { return `${p} ${readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ').slice(0, 120)}`; } catch { return `${p} gone`; }
});
csv.end();

app.child.kill('SIGTERM');
await new Promise((r) => app.child.once('exit', r));
app.appLog.end();
app.cleanup();

// --- the verdict -------------------------------------------------------------------------
const growth = ((endRss - warmRss) / warmRss) * 100;
const summary = {
  minutes, calls: stats.calls, ...stats,
  rss_warm_mib: +(warmRss / 1024).toFixed(1), rss_end_mib: +(endRss / 1024).toFixed(1), rss_growth_pct: +growth.toFixed(2),
  rss_anon_warm_mib: +(warmAnon / 1024).toFixed(1), rss_anon_end_mib: +(endAnon / 1024).toFixed(1),
  rss_warm_at_s: warmAt, fds_start: base.fds, fds_end: finalFds, bwrap_start: base.bwrap, bwrap_end: finalBwrap,
  sandboxes_listed_at_end: listedAtEnd, processes_at_end: finalTree,
  tools: Object.fromEntries([...latency].sort().map(([t, s]) => [t, { n: s.length, p50_ms: +percentile(s, 50).toFixed(1), p99_ms: +percentile(s, 99).toFixed(1) }])),
};
const failures = [];
if (stats.lost) failures.push(`${stats.lost} lost responses`);
if (stats.duplicated) failures.push(`${stats.duplicated} duplicated responses`);
if (stats.wrong) failures.push(`${stats.wrong} wrong results`);
if (stats.unexpected) failures.push(`${stats.unexpected} unexpected errors`);
if (stats.notExpired) failures.push(`${stats.notExpired} sandboxes outlived their timeout`);
if (listedAtEnd !== 0) failures.push(`${listedAtEnd} sandboxes left at the end`);
if (finalBwrap > base.bwrap) failures.push(`bwrap processes ${base.bwrap} → ${finalBwrap}`);
if (finalFds > base.fds + fdSlack) failures.push(`open fds ${base.fds} → ${finalFds}`);
if (!(growth <= maxGrowth)) failures.push(`RSS grew ${growth.toFixed(1)} % after the warm-up (limit ${maxGrowth} %)`);
summary.failures = failures;
summary.problems = problems;
writeFileSync(join(outDir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');

console.log(`\n### Soak: ${minutes} min, stdio + HTTP at once\n`);
console.log('| tool | calls | p50 (ms) | p99 (ms) |\n|---|---|---|---|');
for (const [t, s] of Object.entries(summary.tools)) console.log(`| ${t} | ${s.n} | ${s.p50_ms} | ${s.p99_ms} |`);
console.log(`\nrequests served ${stats.calls}; RSS ${summary.rss_warm_mib} MiB at ${warmAt} s → ${summary.rss_end_mib} MiB at the end (${growth.toFixed(2)} %; anonymous ${summary.rss_anon_warm_mib} → ${summary.rss_anon_end_mib} MiB);`
  + ` fds ${base.fds} → ${finalFds}; lost ${stats.lost}, duplicated ${stats.duplicated}, wrong ${stats.wrong},`
  + ` unexpected ${stats.unexpected}; cancelled ${stats.cancelled} (late answers ${stats.lateAfterCancel}),`
  + ` disconnects ${stats.disconnected}, expired ${stats.expired}; sandboxes at the end ${listedAtEnd}`);
if (failures.length) {
  console.log(`\nFAIL: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('\nPASS');
