// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh first: the first result of a data task through the full MCP path (client →
// hopx-mcp → hopx-desktop → bubblewrap sandbox), taking turns with bare python3 in the same run:
//   - the first plot (pandas + numpy + matplotlib, a 100-point frame, df.plot, the PNG back) in a
//     new sandbox (create_sandbox + execute_code) and through execute_code_isolated, against bare
//     python3 and against the same plot in a sandbox that has imported everything already;
//   - hello through execute_code_isolated, one call at a time and 15 back to back, against bare
//     `python3 -c`;
//   - the memory (PSS) of a spare sandbox with the data stack imported, against one without.
// Each of HOPX_FIRST_RUNS runs gives a p50 per measure; the table shows their range.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, binDir, writeLocalSettings } from '../../tests/interop/harness.mjs';
import { spawnClient, percentile, pssKiB, descendants, row, f1, f2 } from './lib.mjs';

const RUNS = Number(process.env.HOPX_FIRST_RUNS ?? 3);
const ROUNDS = Number(process.env.HOPX_FIRST_ROUNDS ?? 8);
const BURST = 15;
// Between rounds, as between an assistant's turns: the spares refill and preload meanwhile.
const GAP_MS = Number(process.env.HOPX_FIRST_GAP_MS ?? 4000);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const p50 = (s) => percentile(s, 50);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const PLOT = 'import pandas as pd, numpy as np, matplotlib.pyplot as plt\n'
  + 'df = pd.DataFrame({"x": np.arange(100), "y": np.random.default_rng(1).random(100)})\n'
  + 'df.plot(x="x", y="y")\n';
// Says, from inside, whether the interpreter had the data stack before the plot's own imports.
const PROBED_PLOT = 'import sys\nprint("preloaded" if "pandas" in sys.modules else "cold")\n' + PLOT;
// Bare python3 saves the PNG as our figure capture does.
const BARE_PLOT = PLOT + 'import io\nplt.gcf().savefig(io.BytesIO(), format="png", bbox_inches="tight")\n';
const HELLO = 'print("Hello, World!")';
const bareHome = mkdtempSync(join(tmpdir(), 'hopx-bench-first-'));
process.on('exit', () => rmSync(bareHome, { recursive: true, force: true }));

function bare(code) {
  return new Promise((resolve, reject) => {
    const t = process.hrtime.bigint();
    const p = spawn('/usr/bin/python3', ['-c', code], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { PATH: '/usr/bin:/bin', HOME: bareHome, MPLBACKEND: 'Agg' },
    });
    p.stdout.resume();
    p.on('exit', (code) => (code === 0 ? resolve(Number(process.hrtime.bigint() - t) / 1e6)
      : reject(new Error(`bare python3 exited ${code}`))));
  });
}
async function timed(fn) {
  const t = process.hrtime.bigint();
  const r = await fn();
  return [Number(process.hrtime.bigint() - t) / 1e6, r];
}
function checkPlot(r, what) {
  const text = r.content?.find((c) => c.type === 'text')?.text ?? '';
  if (r.isError || !r.content?.some((c) => c.type === 'image' && c.mimeType === 'image/png'))
    throw new Error(`${what}: no PNG in ${text.slice(0, 400)}`);
  return text.includes('preloaded');
}
function checkHello(r) {
  if (r.structuredContent?.stdout !== 'Hello, World!\n') throw new Error('hello: ' + JSON.stringify(r).slice(0, 400));
}

async function session(app) {
  const c = spawnClient(join(binDir, 'hopx-mcp'), ['--no-launch'], { HOPX_MCP_SOCKET: app.socket, PATH: process.env.PATH });
  await c.initialize();
  return c;
}

// Sandboxes are the app's bwrap children; their interpreter (kernel.py) has the data stack when
// it maps pandas' libraries.
const cmdline = (p) => { try { return readFileSync(`/proc/${p}/cmdline`, 'utf8'); } catch { return ''; } };
function spareTrees(appPid) {
  return descendants(appPid).filter((p) => cmdline(p).includes('bwrap')
    && !cmdline(Number(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1])).includes('bwrap'))
    .map((top) => {
      const procs = [top, ...descendants(top)];
      const kernel = procs.find((p) => cmdline(p).includes('kernel.py'));
      let preloaded = false;
      try { preloaded = !!kernel && readFileSync(`/proc/${kernel}/maps`, 'utf8').includes('pandas/_libs'); } catch { /* gone */ }
      return { pss: procs.reduce((s, p) => s + (pssKiB(p) || 0), 0) / 1024, kernel: !!kernel, preloaded };
    });
}
const meanPss = (trees) => (trees.length ? trees.reduce((s, t) => s + t.pss, 0) / trees.length : NaN);

async function oneRun(c, warm) {
  const m = { bare: [], fresh: [], isolated: [], warm: [], bareHello: [], hello: [], bareBurst: [], burst: [], preloaded: 0, plots: 0 };
  for (let r = 0; r < ROUNDS; r++) {
    m.bare.push(await bare(BARE_PLOT));
    const [tc, created] = await timed(() => c.tool('create_sandbox'));
    const id = created.structuredContent.id;
    const [tp, plotted] = await timed(() => c.tool('execute_code', { sandbox_id: id, code: PROBED_PLOT }));
    m.fresh.push(tc + tp);
    m.preloaded += checkPlot(plotted, 'new sandbox') ? 1 : 0;
    await c.tool('delete_sandbox', { id });
    const [ti, isolated] = await timed(() => c.tool('execute_code_isolated', { code: PROBED_PLOT }));
    m.isolated.push(ti);
    m.preloaded += checkPlot(isolated, 'isolated') ? 1 : 0;
    m.plots += 2;
    const [tw, again] = await timed(() => c.tool('execute_code', { sandbox_id: warm, code: PROBED_PLOT }));
    checkPlot(again, 'warm sandbox');
    m.warm.push(tw);
    await sleep(GAP_MS);
  }
  for (let r = 0; r < ROUNDS; r++) {
    m.bareHello.push(await bare(HELLO));
    const [t, r1] = await timed(() => c.tool('execute_code_isolated', { code: HELLO }));
    checkHello(r1);
    m.hello.push(t);
    await sleep(300);
  }
  for (let i = 0; i < BURST; i++) m.bareBurst.push(await bare(HELLO));
  for (let i = 0; i < BURST; i++) {
    const [t, r1] = await timed(() => c.tool('execute_code_isolated', { code: HELLO }));
    checkHello(r1);
    m.burst.push(t);
  }
  await sleep(GAP_MS);
  return m;
}

const load0 = loadavg();
await bare(BARE_PLOT); // bare python3's font cache, as a user's machine has it
const app = await startApp([], {}, (tree) => writeLocalSettings(tree.env, { workspaceMb: 256 }));
const c = await session(app);
const warm = (await c.tool('create_sandbox')).structuredContent.id;
checkPlot(await c.tool('execute_code', { sandbox_id: warm, code: PROBED_PLOT }), 'warm-up');
// The first isolated run and the first create ask for spares; the pool fills meanwhile.
checkHello(await c.tool('execute_code_isolated', { code: HELLO }));
await sleep(2 * GAP_MS);
const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await oneRun(c, warm));
await c.tool('delete_sandbox', { id: warm });
await sleep(GAP_MS);
const trees = spareTrees(app.child.pid);
c.close();
await app.stop();

// The same spares without preloading, as before: their memory.
const plain = await startApp([], {}, (tree) => writeLocalSettings(tree.env, { workspaceMb: 256, preload: false }));
const pc = await session(plain);
await pc.tool('delete_sandbox', { id: (await pc.tool('create_sandbox')).structuredContent.id });
checkHello(await pc.tool('execute_code_isolated', { code: HELLO }));
await sleep(2 * GAP_MS);
const plainTrees = spareTrees(plain.child.pid);
pc.close();
await plain.stop();
const load1 = loadavg();

const range = (key, f = f1) => {
  const v = runs.map((m) => p50(m[key]));
  return `${f(Math.min(...v))}–${f(Math.max(...v))}`;
};
const ratio = (key, base, f = f2) => {
  const v = runs.map((m) => p50(m[key]) / p50(m[base]));
  return `${f(Math.min(...v))}–${f(Math.max(...v))}×`;
};
const preloaded = runs.reduce((s, m) => s + m.preloaded, 0);
const plots = runs.reduce((s, m) => s + m.plots, 0);
console.log(`\n### The first result (full MCP path; ${process.env.HOPX_NPROC ?? ''} cores; ${RUNS} runs of ${ROUNDS} rounds; load average ${load0} at the start, ${load1} at the end)\n`);
console.log(row(['measure', 'p50 (ms), range over runs', 'bare python3 p50 (ms)', 'ratio', 'target']));
console.log(row(['---', '---', '---', '---', '---']));
console.log(row(['first plot, new sandbox (create_sandbox + execute_code)', range('fresh'), range('bare'), ratio('fresh', 'bare'), '≤ 0.2× bare']));
console.log(row(['first plot, execute_code_isolated', range('isolated'), range('bare'), ratio('isolated', 'bare'), '≤ 0.2× bare']));
console.log(row(['the same plot, sandbox that imported everything already', range('warm'), range('bare'), ratio('warm', 'bare'), '']));
console.log(row(['first plot, new sandbox / already imported', '', '', ratio('fresh', 'warm'), '≤ 1.25×']));
console.log(row(['first plot, isolated / already imported', '', '', ratio('isolated', 'warm'), '≤ 1.25×']));
console.log(row([`execute_code_isolated hello, one at a time`, range('hello'), range('bareHello'), ratio('hello', 'bareHello'), '≤ 0.5× bare']));
console.log(row([`execute_code_isolated hello, ${BURST} back to back`, range('burst'), range('bareBurst'), ratio('burst', 'bareBurst'), '≤ 0.5× bare']));
console.log(row(['first plots whose interpreter had the data stack imported', `${preloaded} of ${plots}`, '', '', 'all']));
const pre = trees.filter((t) => t.preloaded);
const kern = trees.filter((t) => t.kernel && !t.preloaded);
const pk = plainTrees.filter((t) => t.kernel);
const none = plainTrees.filter((t) => !t.kernel);
console.log(row([`PSS of a spare with the data stack imported (MiB, ${pre.length} spares)`, f1(meanPss(pre)), '', '', '']));
console.log(row([`PSS of a Python spare without it (MiB, ${kern.length} with preloading on, ${pk.length} off)`, `${f1(meanPss(kern))} / ${f1(meanPss(pk))}`, '', '', '']));
console.log(row([`PSS of a create_sandbox spare with preloading off, as before (MiB, ${none.length})`, f1(meanPss(none)), '', '', '']));
