// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh files: host files through the full MCP path (the official SDK as an IDE
// with a root → hopx-mcp → hopx-desktop → sandbox), against cp on the same disk in the same run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, openSync, writeSync, writeFileSync, closeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startApp, connectStdio, sdk } from '../../tests/interop/harness.mjs';
import { percentile, rssKiB, row, f1, f2 } from './lib.mjs';

const SIZE = Number(process.env.HOPX_BENCH_FILE_MIB ?? 1024) * 1024 * 1024;
const FILES = 10000;
const CREATES = 15;
const ROUNDS = Number(process.env.HOPX_BENCH_FILE_ROUNDS ?? 5);
const MiB = 1024 * 1024;

const root = mkdtempSync(join(process.env.HOPX_BENCH_DIR ?? tmpdir(), 'hopx-bench-files-'));
const big = join(root, 'big.bin');
{
  const fd = openSync(big, 'w');
  const block = Buffer.alloc(MiB);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((i * 2654435761) >>> 0, i);
  for (let done = 0; done < SIZE; done += MiB) { block.writeUInt32LE(done / MiB, 0); writeSync(fd, block); }
  closeSync(fd);
}
const tree = join(root, 'tree');
for (let d = 0; d < 100; d++) {
  mkdirSync(join(tree, `d${d}`), { recursive: true });
  for (let f = 0; f < FILES / 100; f++) {
    const fd = openSync(join(tree, `d${d}`, `f${f}.txt`), 'w');
    writeSync(fd, `${d}/${f}\n`);
    closeSync(fd);
  }
}

function timedSync(fn) {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}
async function timed(fn) {
  const t = process.hrtime.bigint();
  const r = await fn();
  return [Number(process.hrtime.bigint() - t) / 1e6, r];
}
// The app's peak RSS growth while `fn` runs, sampled every 10 ms.
async function withRss(pid, fn) {
  const base = rssKiB(pid);
  let peak = base;
  const timer = setInterval(() => { try { peak = Math.max(peak, rssKiB(pid)); } catch { /* gone */ } }, 10);
  const [ms, r] = await timed(fn);
  clearInterval(timer);
  peak = Math.max(peak, rssKiB(pid));
  return [ms, (peak - base) / 1024, r];
}
function check(r) {
  if (r.isError) throw new Error(JSON.stringify(r));
  return r;
}

// Reference: the same copy by the host's cp, page cache as warm as ours. It runs once per round,
// between our copies, because this disk's speed drifts by 2-3x within minutes.
execFileSync('cat', [big], { stdio: ['ignore', 'ignore', 'inherit'] });
const cpOnce = () => {
  const ms = timedSync(() => execFileSync('cp', [big, join(root, 'cp.bin')]));
  rmSync(join(root, 'cp.bin'));
  return ms;
};

// No warm spares: a mounted create cannot use one, so the plain create must not either.
const app = await startApp([], {}, (t) => {
  const dir = join(t.env.XDG_CONFIG_HOME, 'hopx-desktop');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'hopx-desktop.ini'), '[local]\nwarmSpares=0\n');
});
const { ElicitRequestSchema, ListRootsRequestSchema } = await sdk('types.js');
const client = await connectStdio(app, 'bench-files', { capabilities: { roots: {}, elicitation: {} } }, (c) => {
  c.setRequestHandler(ListRootsRequestSchema, async () => ({
    roots: [{ uri: pathToFileURL(root).href, name: 'bench' }, { uri: pathToFileURL(tree).href, name: 'tree' }],
  }));
  c.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { allow: true } }));
});
const call = async (name, args) => check(await client.callTool({ name, arguments: args }, undefined, { timeout: 600000 }));

const sb = (await call('create_sandbox', {})).structuredContent.id;
const cpMs = [];
const upMs = [];
const downMs = [];
let upRss = 0;
let downRss = 0;
let same = true;
for (let i = 0; i < ROUNDS; i++) {
  cpMs.push(cpOnce());
  const [up, upGrowth] = await withRss(app.child.pid, () => call('file_upload', { sandbox_id: sb, host_path: big, path: '/workspace/big.bin' }));
  const back = join(root, 'back.bin');
  const [down, downGrowth] = await withRss(app.child.pid, () => call('file_download', { sandbox_id: sb, path: '/workspace/big.bin', host_path: back }));
  upMs.push(up);
  downMs.push(down);
  upRss = Math.max(upRss, upGrowth);
  downRss = Math.max(downRss, downGrowth);
  try { execFileSync('cmp', [big, back]); } catch { same = false; }
  rmSync(back);
  await call('run_command', { sandbox_id: sb, command: 'rm /workspace/big.bin' }); // room for the next round
}
await call('delete_sandbox', { id: sb });

// Mounting: a create with the roots mounted against a create without, both cold.
const plain = [];
const mounted = [];
await call('delete_sandbox', { id: (await call('create_sandbox', { mount_roots: true })).structuredContent.id }); // consent, once
for (let i = 0; i < CREATES; i++) {
  const [tm, m] = await timed(() => call('create_sandbox', { mount_roots: true }));
  mounted.push(tm);
  const seen = await call('run_command', { sandbox_id: m.structuredContent.id, command: 'find /project/tree -type f | wc -l' });
  if (!JSON.stringify(seen.structuredContent).includes(String(FILES))) throw new Error('mount incomplete: ' + JSON.stringify(seen));
  await call('delete_sandbox', { id: m.structuredContent.id });
  const [tp, p] = await timed(() => call('create_sandbox', {}));
  plain.push(tp);
  await call('delete_sandbox', { id: p.structuredContent.id });
}
await client.close();
await app.stop();
rmSync(root, { recursive: true, force: true });

const mibps = (ms) => (SIZE / MiB) / (ms / 1000);
const p50 = (s) => percentile(s, 50);
console.log(`\n### Host files (full MCP path, official SDK client through hopx-mcp; ${SIZE / MiB} MiB file, ${ROUNDS} alternating rounds, ${basename(root)} on ${tmpdir()})\n`);
console.log(row(['measure', 'value', 'reference in this run', 'target']));
console.log(row(['---', '---', '---', '---']));
const rates = (samples) => samples.map((ms) => f1(mibps(ms))).join(', ');
const cpRef = `cp ${f1(mibps(p50(cpMs)))} (${rates(cpMs)})`;
console.log(row(['file_upload by path, median (MiB/s)', `${f1(mibps(p50(upMs)))} (${rates(upMs)})`, cpRef, '≥ 300']));
console.log(row(['file_download by path, median (MiB/s)', `${f1(mibps(p50(downMs)))} (${rates(downMs)})`, cpRef, '≥ 300']));
console.log(row(['app RSS growth during upload / download, largest (MiB)', `${f1(upRss)} / ${f1(downRss)}`, '', '≤ 32']));
console.log(row(['downloaded copy identical', same ? 'yes' : 'NO', '', 'yes']));
console.log(row([`create_sandbox with a ${FILES}-file root mounted, p50 (ms)`, f2(p50(mounted)), `without: ${f2(p50(plain))}`, '']));
console.log(row(['time to mount the root (p50 difference, ms)', f2(p50(mounted) - p50(plain)), '', '≤ 50']));
