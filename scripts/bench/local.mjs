// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh local: local sandboxes through the full MCP path (client → hopx-mcp →
// hopx-desktop → bubblewrap sandbox), against bare host processes in the same run.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, binDir, privateTree, writeLocalSettings } from '../../tests/interop/harness.mjs';
import { spawnClient, percentile, rssKiB, pssKiB, descendants, row, f1, f2 } from './lib.mjs';

const RUNS = Number(process.env.HOPX_BENCH_RUNS ?? 200);
const IDLE = 50;
const PARALLEL = 20;

function spawnTime(cmd, args) {
  return new Promise((resolve) => {
    const t = process.hrtime.bigint();
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'], env: { PATH: '/usr/bin:/bin' } });
    p.stdout.resume();
    p.on('exit', () => resolve(Number(process.hrtime.bigint() - t) / 1e6));
  });
}
async function samples(n, fn) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await fn(i));
  return out;
}
const p50 = (s) => percentile(s, 50);
const p99 = (s) => percentile(s, 99);
async function timed(fn) {
  const t = process.hrtime.bigint();
  const r = await fn();
  return [Number(process.hrtime.bigint() - t) / 1e6, r];
}

async function session(app) {
  const c = spawnClient(join(binDir, 'hopx-mcp'), ['--no-launch'], { HOPX_MCP_SOCKET: app.socket, PATH: process.env.PATH });
  await c.initialize();
  return c;
}

function configWith(spares) {
  return (tree) => {
    const dir = join(tree.env.XDG_CONFIG_HOME, 'hopx-desktop');
    mkdirSync(dir, { recursive: true });
    // Settings are QSettings' IniFormat: hopx-desktop.ini.
    writeFileSync(join(dir, 'hopx-desktop.ini'), `[local]\nwarmSpares=${spares}\n`);
  };
}

// The same app from another build (HOPX_BENCH_BASELINE_BIN_DIR, e.g. a copy of main's
// build/bin): its creation times are measured in the same run, under the same load.
async function startBaseline(dir, prepare) {
  const tree = privateTree();
  if (prepare) prepare(tree);
  const child = spawn(join(dir, 'hopx-desktop'), ['--headless', '--socket', tree.socket],
                      { env: tree.env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 750 && !existsSync(tree.socket); i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 100));
  return { ...tree, child, async stop() { child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r)); tree.cleanup(); } };
}
async function createTimes(appStart) {
  const cold = await appStart(configWith(0));
  const cc = await session(cold);
  const coldT = await samples(30, async () => {
    const [t, r] = await timed(() => cc.tool('create_sandbox'));
    await cc.tool('delete_sandbox', { id: r.structuredContent.id });
    return t;
  });
  cc.close();
  await cold.stop();
  const warm = await appStart(null);
  const wc = await session(warm);
  const warmT = await samples(30, async () => {
    const [t, r] = await timed(() => wc.tool('create_sandbox'));
    await wc.tool('delete_sandbox', { id: r.structuredContent.id });
    await new Promise((res) => setTimeout(res, 150));
    return t;
  });
  wc.close();
  await warm.stop();
  return [coldT, warmT];
}

// Bare host processes: what the same work costs with no sandbox and no protocol at all.
const bareTrue = await samples(RUNS, () => spawnTime('/bin/true', []));
const barePrint = await samples(Math.min(RUNS, 100), () => spawnTime('/usr/bin/python3', ['-c', 'print("Hello, World!")']));

// Creation, cold (no warm spare) and warm (a spare is ready; the next one boots between creates).
const [coldCreate, warmCreate] = await createTimes((prepare) => startApp([], {}, prepare));

// Disks of 2 GiB: the storage part's 200 MiB workspace, its 500 MB of variables and a checkpoint
// of both do not fit the tests' 256 MiB.
const app = await startApp([], {}, (tree) => writeLocalSettings(tree.env, { workspaceMb: 2048 }));
const c = await session(app);
const sb = (await c.tool('create_sandbox')).structuredContent.id;
await c.tool('execute_code', { sandbox_id: sb, code: '1+1' }); // starts the interpreter
const warmExec = await samples(RUNS * 5, async () => {
  const [t, r] = await timed(() => c.tool('execute_code', { sandbox_id: sb, code: '1+1' }));
  if (r.structuredContent.result !== '2') throw new Error('wrong result ' + JSON.stringify(r));
  return t;
});
const warmCmd = await samples(RUNS, async () => (await timed(() => c.tool('run_command', { sandbox_id: sb, command: 'true' })))[0]);
await new Promise((res) => setTimeout(res, 300));
const isolated = await samples(Math.min(RUNS, 100), async () => {
  const [t, r] = await timed(() => c.tool('execute_code_isolated', { code: 'print("Hello, World!")' }));
  if (r.structuredContent.stdout !== 'Hello, World!\n') throw new Error('wrong output ' + JSON.stringify(r));
  await new Promise((res) => setTimeout(res, 120)); // the spare refills between runs, as between chat turns
  return t;
});
await c.tool('delete_sandbox', { id: sb });

// Storage: a 200 MiB workspace and an interpreter holding a 500 MB numpy array; checkpoint,
// change, restore (and check both came back), fork. Then writes to /workspace against the same
// writes to a plain directory on the host's disk (where the sandbox disks live).
const st = (await c.tool('create_sandbox', { timeout_seconds: 3600 })).structuredContent.id;
const filled = await c.tool('run_command', { sandbox_id: st, command: 'head -c 200M /dev/urandom > /workspace/data.bin', timeout: 300 });
if (filled.structuredContent?.exit_code !== 0) throw new Error('200 MiB of files: ' + JSON.stringify(filled));
const loaded = await c.tool('execute_code', { sandbox_id: st, code: 'import numpy as np\na = np.ones(500_000_000 // 8)\nint(a.nbytes)', timeout: 300 });
if (loaded.structuredContent.result !== '500000000') throw new Error('numpy: ' + JSON.stringify(loaded));
const ckptT = [], restoreT = [], forkT = [];
for (let i = 0; i < 5; i++) {
  const [tc, rc] = await timed(() => c.tool('checkpoint_sandbox', { sandbox_id: st }));
  const cp = rc.structuredContent.checkpoint_id;
  if (!cp || !rc.structuredContent.python_state) throw new Error('checkpoint: ' + JSON.stringify(rc));
  await c.tool('execute_code', { sandbox_id: st, code: 'a[0] = 2' });
  await c.tool('run_command', { sandbox_id: st, command: 'echo changed >> /workspace/data.bin' });
  const [tr, rr] = await timed(() => c.tool('restore_sandbox', { sandbox_id: st, checkpoint_id: cp }));
  if (!rr.structuredContent.python_state_restored) throw new Error('restore: ' + JSON.stringify(rr));
  const back = await c.tool('execute_code', { sandbox_id: st, code: 'import os\n(float(a[0]), os.path.getsize("/workspace/data.bin"))' });
  if (back.structuredContent.result !== '(1.0, 209715200)') throw new Error('restored state: ' + JSON.stringify(back));
  await c.tool('delete_checkpoint', { sandbox_id: st, checkpoint_id: cp });
  ckptT.push(tc);
  restoreT.push(tr);
}
// The variables' file is written behind the checkpoint's answer: how long until it is on the
// disk (list_checkpoints says variables_on_disk), what a restart needs.
const durableT = [];
for (let i = 0; i < 3; i++) {
  const t = process.hrtime.bigint();
  const cp = (await c.tool('checkpoint_sandbox', { sandbox_id: st })).structuredContent.checkpoint_id;
  for (let k = 0; ; k++) {
    const listed = (await c.tool('list_checkpoints', { sandbox_id: st })).structuredContent.checkpoints;
    if (listed.find((x) => x.checkpoint_id === cp)?.variables_on_disk) break;
    if (k > 3000) throw new Error('the variables never reached the disk');
    await new Promise((res) => setTimeout(res, 10));
  }
  durableT.push(Number(process.hrtime.bigint() - t) / 1e6);
  await c.tool('delete_checkpoint', { sandbox_id: st, checkpoint_id: cp });
}
for (let i = 0; i < 3; i++) {
  const [tf, rf] = await timed(() => c.tool('fork_sandbox', { sandbox_id: st }));
  // The fork carries the interpreter's 500 MB array (its variables go with it).
  if (!rf.structuredContent.sandbox_id || !rf.structuredContent.carried?.includes('a')) throw new Error('fork: ' + JSON.stringify(rf));
  forkT.push(tf);
  await c.tool('delete_sandbox', { id: rf.structuredContent.sandbox_id });
}
// The same 200 MiB of files and no variables: what the files alone cost (shared, not copied,
// since the clones of hopx-capfs: a link per file).
const wf = (await c.tool('create_sandbox', { timeout_seconds: 3600 })).structuredContent.id;
const wfFilled = await c.tool('run_command', { sandbox_id: wf, command: 'head -c 200M /dev/urandom > /workspace/data.bin', timeout: 300 });
if (wfFilled.structuredContent?.exit_code !== 0) throw new Error('200 MiB of files: ' + JSON.stringify(wfFilled));
const filesCkptT = [], filesRestoreT = [], filesForkT = [];
for (let i = 0; i < 10; i++) {
  const [tc, rc] = await timed(() => c.tool('checkpoint_sandbox', { sandbox_id: wf }));
  const cp = rc.structuredContent.checkpoint_id;
  if (!cp) throw new Error('checkpoint: ' + JSON.stringify(rc));
  await c.tool('run_command', { sandbox_id: wf, command: 'echo changed >> /workspace/data.bin' });
  const [tr, rr] = await timed(() => c.tool('restore_sandbox', { sandbox_id: wf, checkpoint_id: cp }));
  if (rr.isError) throw new Error('restore: ' + JSON.stringify(rr));
  const size = await c.tool('run_command', { sandbox_id: wf, command: 'stat -c %s /workspace/data.bin' });
  if (size.structuredContent.stdout.trim() !== '209715200') throw new Error('restored files: ' + JSON.stringify(size));
  await c.tool('delete_checkpoint', { sandbox_id: wf, checkpoint_id: cp });
  const [tf, rf] = await timed(() => c.tool('fork_sandbox', { sandbox_id: wf }));
  if (!rf.structuredContent.sandbox_id) throw new Error('fork: ' + JSON.stringify(rf));
  const seen = await c.tool('run_command', { sandbox_id: rf.structuredContent.sandbox_id, command: 'stat -c %s /workspace/data.bin' });
  if (seen.structuredContent.stdout.trim() !== '209715200') throw new Error('fork files: ' + JSON.stringify(seen));
  await c.tool('delete_sandbox', { id: rf.structuredContent.sandbox_id });
  filesCkptT.push(tc);
  filesRestoreT.push(tr);
  filesForkT.push(tf);
}
await c.tool('delete_sandbox', { id: wf });

// Forks that carry a notebook's state (a DataFrame, a fitted model, a lambda, an instance of
// a class defined in a cell): one fork, and eight in one call.
const fs = (await c.tool('create_sandbox', { timeout_seconds: 3600 })).structuredContent.id;
const state = await c.tool('execute_code', { sandbox_id: fs, timeout: 120, code: [
  'import pandas as pd', 'from sklearn.linear_model import LinearRegression', 'x = 41',
  "df = pd.DataFrame({'a': range(1000), 'b': [2.0 * i for i in range(1000)]})",
  "model = LinearRegression().fit(df[['a']], df['b'])", 'add = lambda v: v + x',
  'class Point:', '    def __init__(self, v): self.v = v', 'p = Point(21)'].join('\n') });
if (state.structuredContent.exit_code !== 0) throw new Error('state: ' + JSON.stringify(state));
const forkStateT = [], fork8T = [];
for (let i = 0; i < 5; i++) {
  const [tf, rf] = await timed(() => c.tool('fork_sandbox', { sandbox_id: fs }));
  if (!rf.structuredContent.carried?.includes('model')) throw new Error('fork with state: ' + JSON.stringify(rf));
  forkStateT.push(tf);
  await c.tool('delete_sandbox', { id: rf.structuredContent.sandbox_id });
}
for (let i = 0; i < 3; i++) {
  // The previous round's eight deletions and the spares' refill finish first, as between chat
  // turns: otherwise this measures them too (428-468 ms p50 without the pause, 2026-12-05).
  await new Promise((res) => setTimeout(res, 1500));
  const [tf, rf] = await timed(() => c.tool('fork_sandbox', { sandbox_id: fs, count: 8 }));
  const kids = rf.structuredContent.children ?? [];
  if (kids.length !== 8 || kids.some((k) => !k.carried?.includes('model'))) throw new Error('fork count=8: ' + JSON.stringify(rf));
  fork8T.push(tf);
  for (const k of kids) await c.tool('delete_sandbox', { id: k.sandbox_id });
}
await c.tool('delete_sandbox', { id: fs });

const ddScript = (file, bs, count) => `s=$(date +%s%N); dd if=/dev/zero of=${file} bs=${bs} count=${count} conv=fsync 2>/dev/null; e=$(date +%s%N); rm -f ${file}; echo $(( (e - s) / 1000000 ))`;
const hostFile = join(app.env.XDG_STATE_HOME, 'bench-dd.bin');
mkdirSync(app.env.XDG_STATE_HOME, { recursive: true });
const hostDd = (bs, count) => new Promise((resolve) => {
  let out = '';
  const p = spawn('/bin/sh', ['-c', ddScript(hostFile, bs, count)], { stdio: ['ignore', 'pipe', 'ignore'] });
  p.stdout.on('data', (d) => { out += d; });
  p.on('exit', () => resolve(Number(out.trim())));
});
const sandboxDd = async (bs, count) => Number((await c.tool('run_command', { sandbox_id: st, command: ddScript('/workspace/bench-dd.bin', bs, count), timeout: 300 })).structuredContent.stdout.trim());
const through = {};
for (const [label, bs, count] of [['1 MiB', '1M', 256], ['8 KiB', '8k', 8192]]) {
  const host = [], sbx = [];
  for (let i = 0; i < 3; i++) { host.push(await hostDd(bs, count)); sbx.push(await sandboxDd(bs, count)); }
  const mib = label === '1 MiB' ? 256 : 64;
  through[label] = { host: mib / (p50(host) / 1000), sandbox: mib / (p50(sbx) / 1000), mib };
}
await c.tool('delete_sandbox', { id: st });

// Memory of idle sandboxes: every process the app started for them, divided by their number.
await new Promise((res) => setTimeout(res, 500));
const before = descendants(app.child.pid);
const ids = [];
for (let i = 0; i < IDLE; i++) ids.push((await c.tool('create_sandbox')).structuredContent.id);
await new Promise((res) => setTimeout(res, 1500));
const procs = descendants(app.child.pid).filter((p) => !before.includes(p));
let rss = 0;
let pss = 0;
for (const p of procs) {
  try { rss += rssKiB(p); pss += pssKiB(p); } catch { /* exited */ }
}
const sandboxesAlive = IDLE; // the refilled spare is in `before` or among procs; count it conservatively
for (const id of ids) await c.tool('delete_sandbox', { id });

// 20 executions at once on this machine's cores, each checked.
const par = [];
for (let i = 0; i < PARALLEL; i++) par.push((await c.tool('create_sandbox')).structuredContent.id);
const clients = await Promise.all(par.map(() => session(app)));
const [parWall, results] = await timed(() => Promise.all(par.map((id, i) =>
  clients[i].tool('execute_code', { sandbox_id: id, code: `sum(range(${i} * 1000000, ${i + 1} * 1000000))` }))));
let correct = 0;
results.forEach((r, i) => {
  const want = BigInt((2 * i + 1) * 1000000 - 1) * 1000000n / 2n;
  if (r.structuredContent.result === want.toString()) correct++;
});
for (const id of par) await c.tool('delete_sandbox', { id });
clients.forEach((x) => x.close());
c.close();
await app.stop();

console.log(`\n### Local sandboxes (full MCP path through hopx-mcp; ${process.env.HOPX_NPROC ?? ''} cores)\n`);
console.log(row(['measure', 'p50 (ms)', 'p99 (ms)', 'bare host', 'target']));
console.log(row(['---', '---', '---', '---', '---']));
console.log(row(['create_sandbox, warm spare', f2(p50(warmCreate)), f2(p99(warmCreate)), '', 'HOPX ~200 ms; 10× faster']));
console.log(row(['create_sandbox, cold (no spare)', f2(p50(coldCreate)), f2(p99(coldCreate)), `/bin/true ${f2(p50(bareTrue))}`, '']));
console.log(row(['execute_code "1+1", warm Python sandbox', f2(p50(warmExec)), f2(p99(warmExec)), '', 'p50 ≤ 3 ms']));
console.log(row(['run_command "true", warm sandbox', f2(p50(warmCmd)), f2(p99(warmCmd)), `/bin/true ${f2(p50(bareTrue))}`, '']));
console.log(row(['execute_code_isolated print("Hello, World!")', f2(p50(isolated)), f2(p99(isolated)), `python3 -c ${f2(p50(barePrint))}`, `≤ bare + 25 = ${f2(p50(barePrint) + 25)}`]));
console.log(row([`memory per idle sandbox, ${IDLE} alive (RSS / PSS MiB)`, `${f2(rss / 1024 / sandboxesAlive)} / ${f2(pss / 1024 / sandboxesAlive)}`, '', '', 'RSS ≤ 5 MiB']));
console.log(row([`${PARALLEL} parallel executions: wall time, correct`, f1(parWall), '', '', `${correct}/${PARALLEL} correct`]));
console.log(row(['checkpoint_sandbox, 200 MiB files + 500 MB numpy array', f1(p50(ckptT)), f1(p99(ckptT)), '', '≤ 100 ms']));
console.log(row(['… its 500 MB of variables on the disk (written behind the answer)', f1(p50(durableT)), f1(p99(durableT)), '', '']));
console.log(row(['restore_sandbox, the same', f1(p50(restoreT)), f1(p99(restoreT)), '', '≤ 100 ms']));
console.log(row(['fork_sandbox, 200 MiB files + 500 MB numpy array carried', f1(p50(forkT)), f1(p99(forkT)), '', 'array ≤ 1 s']));
console.log(row(['checkpoint_sandbox, 200 MiB of files, no variables', f1(p50(filesCkptT)), f1(p99(filesCkptT)), '', '≤ 100 ms']));
console.log(row(['restore_sandbox, the same', f1(p50(filesRestoreT)), f1(p99(filesRestoreT)), '', 'p99 ≤ 150 ms']));
console.log(row(['fork_sandbox, the same', f1(p50(filesForkT)), f1(p99(filesForkT)), '', 'p50 ≤ 50 ms']));
console.log(row(['fork_sandbox with state (DataFrame, fitted model, lambda, class instance)', f1(p50(forkStateT)), f1(p99(forkStateT)), '', '']));
console.log(row(['fork_sandbox count=8, the same state: wall time', f1(p50(fork8T)), f1(p99(fork8T)), '', '≤ 400 ms']));
for (const [label, t] of Object.entries(through))
  console.log(row([`write ${t.mib} MiB to /workspace in ${label} writes + fsync (MB/s)`, f1(t.sandbox), '', `host dir ${f1(t.host)}`, `≥ 0.5× host: ${f2(t.sandbox / t.host)}×`]));

const baselineDir = process.env.HOPX_BENCH_BASELINE_BIN_DIR;
if (baselineDir) {
  const [baseCold, baseWarm] = await createTimes((prepare) => startBaseline(baselineDir, prepare));
  console.log(row([`create_sandbox warm / cold, ${baselineDir}`, `${f2(p50(baseWarm))} / ${f2(p50(baseCold))}`, '', '', 'this build no slower']));
}
