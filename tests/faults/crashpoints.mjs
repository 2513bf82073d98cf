// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The crash-point driver: each disk operation of a local sandbox (checkpoint, restore, fork,
// upload, download, delete, delete-checkpoint, start-up recovery) is run once per step with
// hopx-desktop-testserver's --crash-at OP:N:KIND (tests/testserver/CrashPoints.h): the app is
// SIGKILLed there, or the sandbox's hopx-capfs is, or the disk under the state directory is
// filled. Then the real test server starts again on the same state, and the sandbox (or the
// download's host file, or the checkpoint) must be exactly its state before the operation or
// exactly its state after it, file by file (contents, modes, symlink targets), and nothing may
// be left: no mount, no hopx-capfs/bwrap/agent process of a sandbox that is gone (nor two of
// one that is there), no .deleting- or stray directory in the state directory, no checkpoint
// directory the record does not list, no restore marker, no live variables' file.
//
// As a program (scripts/crashpoints.sh): node tests/faults/crashpoints.mjs [--ops a,b]
// [--kinds app,capfs,disk] [--points all|N,N,...]; prints one table row per op and kind.
// The disk kind mounts a small tmpfs, so it needs root; the program then runs itself again in
// a private mount namespace (unshare -m), never filling the host's real disk.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync,
         writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchApp, privateTree, writeLocalSettings, connectStdio, sdk, TEST_SERVER } from '../interop/harness.mjs';
import { bounded, sleep, structured, text } from './faults.mjs';

// The operations, and variants of some that take another path through the product: a restore
// after a restart (the variables come from the checkpoint's file), a fork of a checkpoint into
// two sandboxes, an upload and a download over an existing file, a start that finds a restore
// cut short (its marker, half the files deleted) and finishes it.
// Some also on a sandbox the app brought back after a restart (its interpreter fresh, the
// call waiting for its boot): NAME-after-restart.
export const OPS = ['checkpoint', 'checkpoint-after-restart', 'checkpoint-state', 'restore', 'restore-after-restart',
                    'delete-checkpoint', 'delete-checkpoint-after-restart', 'fork', 'fork-after-restart', 'fork-checkpoint',
                    'upload', 'upload-overwrite', 'download', 'download-overwrite', 'delete', 'delete-after-restart',
                    'recovery', 'recovery-restore'];
export const KINDS = ['app', 'capfs', 'disk'];
// Per op, how many of its steps the set-up takes (a checkpoint before the checkpoint): learnt
// from the run without a crash, which walkOp() makes first (and crashPoint() when n = 0).
const setupSteps = { checkpoint: 4, 'checkpoint-state': 3, recovery: 0 };
const STATE_FILE = 'home/.cache/hopx/python-state';

// ---- what a sandbox holds, read on the host ---------------------------------------------

function walk(dir, rel = '', out = {}) {
  let names;
  try { names = readdirSync(join(dir, rel)); } catch { return out; }
  for (const name of names.sort()) {
    const r = rel ? `${rel}/${name}` : name;
    const st = lstatSync(join(dir, r));
    const mode = (st.mode & 0o7777).toString(8);
    if (st.isSymbolicLink()) out[r] = `l ${readlinkSync(join(dir, r))}`;
    else if (st.isDirectory()) { out[r] = `d ${mode}`; walk(dir, r, out); }
    else out[r] = `f ${mode} ${createHash('sha256').update(readFileSync(join(dir, r))).digest('hex').slice(0, 16)}`;
  }
  return out;
}

// The directories the app makes for its variables' file (~/.cache/hopx, ~/.cache), when they
// hold nothing else, are not the user's files: whether a step left them does not count.
function filesOf(dir) {
  const files = { ...prefixed(walk(join(dir, 'workspace')), 'workspace'), ...prefixed(walk(join(dir, 'home')), 'home') };
  for (const d of ['home/.cache/hopx', 'home/.cache'])
    if (!Object.keys(files).some((k) => k.startsWith(`${d}/`) && k !== STATE_FILE && k !== `${STATE_FILE}.part`)) delete files[d];
  return files;
}
function prefixed(o, p) { return Object.fromEntries(Object.entries(o).map(([k, v]) => [`${p}/${k}`, v])); }
function without(o, ...keys) { const c = { ...o }; for (const k of keys) delete c[k]; return c; }
function canonical(v) {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') return Object.keys(v).sort().map((k) => [k, canonical(v[k])]);
  return v;
}
function same(a, b) { return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b)); }
function diff(a, b) {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.filter((k) => a[k] !== b[k]).map((k) => `${k}: ${a[k] ?? '-'} | ${b[k] ?? '-'}`).slice(0, 8).join('; ');
}

// One sandbox's state on disk: its record's checkpoints, its live files, each checkpoint's files.
function sandboxState(base, id) {
  const dir = join(base, id);
  if (!existsSync(join(dir, 'sandbox.json'))) return { exists: false };
  const record = JSON.parse(readFileSync(join(dir, 'sandbox.json'), 'utf8'));
  const listed = (record.checkpoints ?? []).map((c) => c.checkpoint_id).sort();
  const disk = join(dir, 'disk');
  const checkpoints = Object.fromEntries(listed.map((c) => [c, without(filesOf(join(disk, '.checkpoints', c)), STATE_FILE)]));
  let onDisk = [];
  try { onDisk = readdirSync(join(disk, '.checkpoints')).sort(); } catch { /* none yet */ }
  // Checkpoints whose record says their variables are on the disk, and those that hold them.
  const withVariables = (record.checkpoints ?? []).filter((c) => c.python_state_file).map((c) => c.checkpoint_id).sort();
  const holdVariables = listed.filter((c) => existsSync(join(disk, '.checkpoints', c, STATE_FILE)));
  return { exists: true, listed, onDisk, live: filesOf(disk), checkpoints, withVariables, holdVariables };
}

// ---- the operations ----------------------------------------------------------------------

const TREE = [
  'cd /workspace && mkdir -p sub/deeper && head -c 2000000 /dev/urandom > big.bin',
  "head -c 300000 /dev/urandom > mid.bin && printf 'hello\\n' > a.txt && chmod 600 a.txt",
  "printf '#!/bin/sh\\necho hi\\n' > run.sh && chmod 755 run.sh && ln -s a.txt link",
  "printf 'deep\\n' > sub/deeper/d.txt && : > empty && chmod 700 sub",
].join(' && ');
const CHANGE = "cd /workspace && printf 'changed\\n' > a.txt && rm big.bin && printf 'new\\n' > new.txt && chmod 700 run.sh && rm link && ln -s mid.bin link";

// Each op: prepare (after the common set-up, before BEFORE is read), run (the call that is
// crashed), and classify (the state after the restart against BEFORE: 'before', 'after' or a
// sentence saying what is mixed).
const ops = {
  checkpoint: {
    run: (c) => c.call('checkpoint_sandbox', { sandbox_id: c.id, name: 'crash' }),
    classify(c, b, a) {
      if (!a.exists || !same(a.live, b.live)) return `live files changed: ${diff(b.live, a.live ?? {})}`;
      if (same(a.listed, b.listed)) return 'before';
      const added = a.listed.filter((x) => !b.listed.includes(x));
      if (added.length !== 1 || a.listed.length !== b.listed.length + 1) return `checkpoints ${a.listed}`;
      c.added = added[0];
      const want = without(b.live, STATE_FILE);
      return same(a.checkpoints[added[0]], want) ? 'after' : `checkpoint ${added[0]} differs: ${diff(want, a.checkpoints[added[0]])}`;
    },
    // Its variables reach the disk behind the answer: a crash after the record and before
    // them leaves a checkpoint of files, which says so.
    python: async (c) => c.added && (sandboxState(c.base, c.id).withVariables.includes(c.added)
      ? restoredX(c, c.added) : restoredFresh(c, c.added)),
  },
  // The variables of a checkpoint already made, written behind its answer: after a crash the
  // checkpoint holds them and its record says so ('after'), or neither ('before').
  'checkpoint-state': {
    run: async (c) => {
      const r = await c.call('checkpoint_sandbox', { sandbox_id: c.id, name: 'variables' });
      c.added = structured(r).checkpoint_id;
      if (c.added) await variablesOnDisk(c, c.added);
      return r;
    },
    classify(c, b, a) {
      if (!a.exists || !same(a.live, b.live)) return `live files changed: ${diff(b.live, a.live ?? {})}`;
      const added = a.listed.filter((x) => !b.listed.includes(x));
      if (added.length !== 1) return `checkpoints ${a.listed}`;
      c.added = added[0];
      const said = a.withVariables.includes(c.added);
      if (said !== a.holdVariables.includes(c.added)) return `record says ${said ? '' : 'no '}variables, files ${said ? 'lack' : 'hold'} them`;
      return said ? 'after' : 'before';
    },
    python: async (c) => c.added && (sandboxState(c.base, c.id).withVariables.includes(c.added)
      ? restoredX(c, c.added) : restoredFresh(c, c.added)),
  },
  restore: {
    prepare: async (c) => { await c.cmd(CHANGE); await c.py('x = 42'); },
    run: (c) => c.call('restore_sandbox', { sandbox_id: c.id, checkpoint_id: c.ckpt }),
    classify(c, b, a) {
      if (!a.exists || !same(a.listed, b.listed)) return `checkpoints ${a.listed}`;
      if (same(a.live, b.live)) return 'before';
      const want = b.checkpoints[c.ckpt];
      return same(a.live, want) ? 'after' : `live files mixed: ${diff(want, a.live)}`;
    },
    python: async (c) => restoredX(c, c.ckpt),
  },
  'delete-checkpoint': {
    run: (c) => c.call('delete_checkpoint', { sandbox_id: c.id, checkpoint_id: c.ckpt }),
    classify(c, b, a) {
      if (!a.exists || !same(a.live, b.live)) return 'live files changed';
      if (same(a.listed, b.listed)) return same(a.checkpoints, b.checkpoints) ? 'before' : 'checkpoint files changed';
      return a.listed.length === 0 ? 'after' : `checkpoints ${a.listed}`;
    },
  },
  'restore-after-restart': {
    op: 'restore',
    restarts: true, // the crash is armed in the app after the restart only
    prepare: async (c) => { await c.cmd(CHANGE); await c.py('x = 42'); await stop(c); await start(c, c.crash); },
    run: (c) => ops.restore.run(c),
    classify: (c, b, a) => ops.restore.classify(c, b, a),
    python: async (c) => restoredX(c, c.ckpt),
  },
  fork: {
    run: (c) => c.call('fork_sandbox', { sandbox_id: c.id }),
    classify(c, b, a, others) {
      if (!a.exists || !same(a.live, b.live)) return `parent changed: ${diff(b.live, a.live ?? {})}`;
      if (others.length === 0) return 'before';
      if (others.length > 1) return `${others.length} forks`;
      const child = others[0];
      const want = without(b.live, STATE_FILE);
      return same(without(child.live, STATE_FILE), want) ? 'after' : `fork's files mixed: ${diff(want, child.live)}`;
    },
  },
  'fork-checkpoint': {
    op: 'fork',
    prepare: async (c) => { await c.cmd(CHANGE); },
    run: (c) => c.call('fork_sandbox', { sandbox_id: c.id, checkpoint_id: c.ckpt, count: 2 }),
    // Each fork on its own: absent, or with every file of the checkpoint.
    classify(c, b, a, others) {
      if (!a.exists || !same(a.live, b.live)) return `parent changed: ${diff(b.live, a.live ?? {})}`;
      if (others.length > 2) return `${others.length} forks`;
      const want = b.checkpoints[c.ckpt];
      for (const child of others) if (!same(without(child.live, STATE_FILE), want)) return `a fork's files mixed: ${diff(want, child.live)}`;
      return others.length ? 'after' : 'before';
    },
  },
  upload: {
    prepare: async (c) => {
      c.src = join(c.tree.root, 'upload.bin');
      writeFileSync(c.src, randomBytes(1500000));
      chmodSync(c.src, 0o755);
      c.srcHash = createHash('sha256').update(readFileSync(c.src)).digest('hex').slice(0, 16);
    },
    run: (c) => c.call('file_upload', { sandbox_id: c.id, host_path: c.src, path: '/workspace/up.bin' }),
    classify(c, b, a) {
      if (!a.exists) return 'sandbox gone';
      if (same(a.live, b.live)) return 'before';
      const want = { ...b.live, 'workspace/up.bin': `f 755 ${c.srcHash}` };
      return same(a.live, want) ? 'after' : `mixed: ${diff(want, a.live)}`;
    },
  },
  'upload-overwrite': {
    op: 'upload',
    prepare: async (c) => { await ops.upload.prepare(c); await c.cmd("printf 'old\\n' > /workspace/up.bin && chmod 640 /workspace/up.bin"); },
    run: (c) => ops.upload.run(c),
    classify(c, b, a) {
      if (!a.exists) return 'sandbox gone';
      if (same(a.live, b.live)) return 'before';
      // The file keeps its mode (as the agent's @write does).
      const want = { ...b.live, 'workspace/up.bin': `f 640 ${c.srcHash}` };
      return same(a.live, want) ? 'after' : `mixed: ${diff(want, a.live)}`;
    },
  },
  download: {
    prepare: async (c) => { c.dl = join(c.tree.root, 'downloads'); mkdirSync(c.dl); },
    run: (c) => c.call('file_download', { sandbox_id: c.id, path: '/workspace/big.bin', host_path: join(c.dl, 'big.bin') }),
    classify(c, b, a) {
      if (!a.exists || !same(a.live, b.live)) return 'sandbox changed';
      const host = walk(c.dl);
      if (Object.keys(host).length === 0) return 'before';
      const want = b.live['workspace/big.bin'].split(' ')[2];
      return Object.keys(host).length === 1 && host['big.bin']?.endsWith(want) ? 'after' : `host folder: ${JSON.stringify(host)}`;
    },
  },
  'download-overwrite': {
    op: 'download',
    prepare: async (c) => {
      await ops.download.prepare(c);
      writeFileSync(join(c.dl, 'big.bin'), 'old\n');
      c.old = walk(c.dl);
    },
    run: (c) => c.call('file_download', { sandbox_id: c.id, path: '/workspace/big.bin', host_path: join(c.dl, 'big.bin'), overwrite: true }),
    classify(c, b, a) {
      if (!a.exists || !same(a.live, b.live)) return 'sandbox changed';
      const host = walk(c.dl);
      if (same(host, c.old)) return 'before';
      const want = b.live['workspace/big.bin'].split(' ')[2];
      return Object.keys(host).length === 1 && host['big.bin']?.endsWith(want) ? 'after' : `host folder: ${JSON.stringify(host)}`;
    },
  },
  delete: {
    run: (c) => c.call('delete_sandbox', { id: c.id }),
    classify(c, b, a) {
      if (!a.exists) return 'after';
      return same(a.live, b.live) && same(a.listed, b.listed) ? 'before' : `mixed: ${diff(b.live, a.live)}`;
    },
  },
  recovery: {
    // The operation is the start itself: set-up, a clean quit, then the crashed start.
    atStart: true,
    // Before and after are the same sandbox here: counted as after (the start completed).
    classify(c, b, a) {
      if (!a.exists) return 'sandbox gone';
      return same(a.live, b.live) && same(a.listed, b.listed) ? 'after' : `mixed: ${diff(b.live, a.live)}`;
    },
  },
  'recovery-restore': {
    op: 'recovery',
    atStart: true,
    prepare: async (c) => { await c.cmd(CHANGE); },
    // What a restore killed in its copy leaves: its marker, and /workspace half deleted.
    afterStop(c) {
      const disk = join(c.base, c.id, 'disk');
      writeFileSync(join(disk, '.checkpoints', '.restoring'), c.ckpt);
      for (const f of ['a.txt', 'mid.bin']) rmSync(join(disk, 'workspace', f));
    },
    classify(c, b, a) {
      if (!a.exists || !same(a.listed, b.listed)) return 'sandbox gone or its checkpoints changed';
      const want = b.checkpoints[c.ckpt];
      return same(a.live, want) ? 'after' : `the restore was not finished: ${diff(want, a.live)}`;
    },
  },
};

for (const name of ['checkpoint', 'delete-checkpoint', 'fork', 'delete']) {
  const def = ops[name];
  ops[`${name}-after-restart`] = {
    ...def,
    op: name,
    restarts: true,
    prepare: async (c) => { if (def.prepare) await def.prepare(c); await stop(c); await start(c, c.crash); },
  };
}
// A checkpoint of a fresh interpreter holds no variables, and its restore says so.
ops['checkpoint-after-restart'].python = async (c) => {
  if (!c.added) return null;
  const r = await c.call('restore_sandbox', { sandbox_id: c.id, checkpoint_id: c.added });
  const out = structured(r);
  return !r.isError && out.python_state_restored === false && /starts fresh/.test(out._note ?? '')
    ? null : `restore_sandbox of a checkpoint without variables: ${text(r).slice(0, 300)}`;
};

// Checkpoint \a ckpt's variables on the disk (list_checkpoints says so), within 60 s.
async function variablesOnDisk(c, ckpt) {
  for (let t = 0; t < 600; t++) {
    const listed = structured(await c.call('list_checkpoints', { sandbox_id: c.id })).checkpoints ?? [];
    if (listed.find((x) => x.checkpoint_id === ckpt)?.variables_on_disk) return true;
    await sleep(100);
  }
  return false;
}

// After the restart: checkpoint \a ckpt, whose variables did not reach the disk, says so, and
// its restore starts the interpreter fresh.
async function restoredFresh(c, ckpt) {
  const listed = (structured(await c.call('list_checkpoints', { sandbox_id: c.id })).checkpoints ?? []).find((x) => x.checkpoint_id === ckpt);
  if (!/still being written/.test(listed?._note ?? '')) return `list_checkpoints after the restart: ${JSON.stringify(listed).slice(0, 300)}`;
  const r = await c.call('restore_sandbox', { sandbox_id: c.id, checkpoint_id: ckpt });
  const out = structured(r);
  return !r.isError && out.python_state_restored === false ? null : `restore_sandbox of ${ckpt}: ${text(r).slice(0, 300)}`;
}

// After the restart: restoring checkpoint \a ckpt brings x = 41 back from its variables' file.
async function restoredX(c, ckpt) {
  const r = await c.call('restore_sandbox', { sandbox_id: c.id, checkpoint_id: ckpt });
  const out = structured(r);
  if (r.isError || !(out.python_variables ?? []).includes('x')) return `restore_sandbox after the restart: ${text(r).slice(0, 300)}`;
  const x = structured(await c.call('execute_code', { sandbox_id: c.id, code: 'x' }));
  return x.result === '41' ? null : `x after the restore: ${JSON.stringify(x).slice(0, 200)}`;
}

// ---- leftovers ---------------------------------------------------------------------------

function processesUnder(root) {
  const out = [];
  for (const p of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    let cwd = '';
    let cmd = [];
    try { cwd = readlinkSync(`/proc/${p}/cwd`); } catch { /* gone or not ours */ }
    try { cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').filter(Boolean); } catch { continue; }
    const where = [cwd, ...cmd].find((s) => s.includes(root));
    if (!where) continue;
    const id = /sandboxes\/(?:\.deleting-)?(local-[0-9a-f]+)/.exec(where)?.[1];
    out.push({ pid: Number(p), id, program: cmd[0] ?? '' });
  }
  return out;
}

function mountsUnder(root) {
  return readFileSync('/proc/self/mountinfo', 'utf8').split('\n').map((l) => l.split(' ')[4]).filter((m) => m?.startsWith(root));
}

async function leftovers(c, listedIds) {
  const found = [];
  const base = c.base;
  // A deletion finishes on the app's deleting thread: a few seconds at most.
  for (let t = 0; t < 100 && readdirSync(base).some((n) => n.startsWith('.deleting-')); t++) await sleep(100);
  for (const name of readdirSync(base)) if (!listedIds.includes(name)) found.push(`state dir holds ${name}`);
  for (const id of listedIds) {
    const s = sandboxState(base, id);
    for (const n of s.onDisk ?? []) if (!s.listed.includes(n)) found.push(`${id}: .checkpoints/${n}`);
    if (s.live?.[STATE_FILE] || s.live?.[`${STATE_FILE}.part`]) found.push(`${id}: a live variables' file`);
    try { for (const n of readdirSync(join(base, id, 'disk', 'state'))) found.push(`${id}: state/${n}`); } catch { /* none */ }
    try { for (const n of readdirSync(join(base, id, 'disk', '.incoming'))) found.push(`${id}: .incoming/${n}`); } catch { /* none */ }
    if (existsSync(join(base, id, 'disk', '.forking'))) found.push(`${id}: a fork marker`);
  }
  for (const m of mountsUnder(c.tree.root)) {
    const id = /sandboxes\/([^/]+)\/mnt$/.exec(m)?.[1];
    if (!listedIds.includes(id)) found.push(`mount ${m}`);
  }
  const procs = processesUnder(c.tree.root).filter((p) => p.pid !== c.app?.child.pid);
  for (const p of procs) if (p.id && !listedIds.includes(p.id)) found.push(`process ${p.pid} ${p.program} of ${p.id}`);
  for (const id of listedIds) {
    for (const prog of ['hopx-capfs', 'bwrap']) {
      const n = procs.filter((p) => p.id === id && p.program.endsWith(prog)).length;
      // bwrap runs as two processes (its parent and the sandbox's init); more is a second sandbox.
      if (n > (prog === 'bwrap' ? 2 : 1)) found.push(`${n} ${prog} processes of ${id}`);
    }
    const capfs = procs.filter((p) => p.program.endsWith('hopx-capfs') && readlinkSync(`/proc/${p.pid}/cwd`).endsWith(id)).length;
    if (capfs > 1) found.push(`${capfs} hopx-capfs of ${id}`);
  }
  return found;
}

// ---- one point -----------------------------------------------------------------------------

// The steps of \a op in the log: those of the set-up (a checkpoint before a checkpoint) in
// the app that runs the operation (each counts its own: the driver writes 'started' as it
// starts one), and those after the line the driver wrote as the operation began.
function stepsIn(log, op) {
  if (!existsSync(log)) return { setup: 0, op: 0 };
  const lines = readFileSync(log, 'utf8').split('\n');
  const begun = lines.indexOf('begin');
  const count = (ls) => ls.filter((l) => l.startsWith(`${op} `)).length;
  if (begun < 0) return { setup: count(lines.slice(lines.lastIndexOf('started'))), op: 0 };
  const app = lines.slice(0, begun).lastIndexOf('started');
  return { setup: count(lines.slice(Math.max(app, 0), begun)), op: count(lines.slice(begun)) };
}

async function start(c, extra = []) {
  appendFileSync(c.log, 'started\n');
  c.app = await launchApp(c.tree, ['--press-approval', 'always', '--disk-steps', c.log, ...extra], {}, TEST_SERVER);
  // The tree's root is the client's root (uploads come from it, downloads go into it); any
  // question is answered yes (--press-approval answers the app's own).
  const { ElicitRequestSchema, ListRootsRequestSchema } = await sdk('types.js');
  c.client = await connectStdio(c.app, 'crashpoints', { capabilities: { roots: {}, elicitation: {} } }, (client) => {
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: pathToFileURL(c.tree.root).href, name: 'crashpoints' }] }));
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { allow: true } }));
  });
  c.call = async (name, args) => {
    const r = await bounded(c.client.callTool({ name, arguments: args }, undefined, { timeout: 120000 }), 130000, name);
    return r;
  };
  c.cmd = async (command) => {
    const r = await c.call('run_command', { sandbox_id: c.id, command });
    if (r.isError || structured(r).exit_code !== 0) throw new Error(`${command}: ${text(r)}`);
  };
  c.py = async (code) => {
    const r = structured(await c.call('execute_code', { sandbox_id: c.id, code }));
    if (!r.success) throw new Error(`${code}: ${JSON.stringify(r)}`);
  };
}

async function stop(c) {
  try { await c.client?.close(); } catch { /* the app is gone */ }
  await c.app?.quit();
  c.client = null;
}

// Waits until the app lists every sandbox that has a record on disk; returns the listed ids.
async function recovered(c) {
  for (let t = 0; t < 300; t++) {
    const listed = structured(await c.call('list_sandboxes', { provider: 'local' })).data ?? [];
    const ids = listed.filter((s) => s.status !== 'creating').map((s) => s.sandbox_id);
    const onDisk = readdirSync(c.base).filter((n) => existsSync(join(c.base, n, 'sandbox.json')));
    if (onDisk.every((id) => ids.includes(id)) && listed.every((s) => s.status !== 'creating')) {
      c.unusable = listed.filter((s) => s.status === 'unavailable').map((s) => s.sandbox_id);
      return ids;
    }
    await sleep(100);
  }
  const last = await c.call('list_sandboxes', { provider: 'local' });
  throw new Error(`the sandboxes on disk never came back: ${readdirSync(c.base)}; listed ${text(last).slice(0, 600)}`);
}

function forceClean(root) {
  for (const m of mountsUnder(root).reverse()) spawnSync('umount', ['-l', m]);
  for (const p of processesUnder(root)) try { process.kill(p.pid, 'SIGKILL'); } catch { /* gone */ }
  rmSync(root, { recursive: true, force: true });
}

// Runs \a op with a crash of \a kind at step \a n (0: no crash, to count the steps).
// Returns { outcome: 'before'|'after'|'mixed'|'unreached', detail, leftovers, steps }.
export async function crashPoint(op, kind, n) {
  const def = ops[op];
  const tree = privateTree();
  const c = { tree, log: join(tree.root, 'steps.log'), base: join(tree.env.XDG_STATE_HOME, 'hopx-desktop', 'sandboxes') };
  writeLocalSettings(tree.env, { workspaceMb: 64, warmSpares: 0 });
  // The set-up's own steps of \a op (measured by the run without a crash) come first.
  const product = def.op ?? op; // the operation's name in the product's steps
  const at = n + (setupSteps[op] ?? 0);
  const crash = n > 0 ? ['--crash-at', `${product}:${at}:${kind}`, '--crash-fill', join(tree.env.XDG_STATE_HOME, 'filler')] : [];
  c.crash = def.atStart ? [] : crash;
  try {
    await start(c, def.restarts ? [] : c.crash);
    c.id = structured(await c.call('create_sandbox', {})).id;
    await c.cmd(TREE);
    await c.py('x = 41');
    const ck = structured(await c.call('checkpoint_sandbox', { sandbox_id: c.id, name: 'base' }));
    c.ckpt = ck.checkpoint_id;
    // Its variables reach the disk behind the answer: the points below start once they have.
    if (!(await variablesOnDisk(c, c.ckpt))) throw new Error('the base checkpoint\'s variables never reached the disk');
    if (def.prepare) await def.prepare(c);
    let before;
    if (def.atStart) {
      await stop(c);
      before = sandboxState(c.base, c.id);
      if (def.afterStop) def.afterStop(c);
      appendFileSync(c.log, 'begin\n');
      c.app = await launchApp(c.tree, ['--disk-steps', c.log, ...crash], {}, TEST_SERVER).catch(() => null);
      // The crashed start: wait for its death (or its recovery when the step is not reached).
      for (let t = 0; t < 200 && c.app && c.app.child.exitCode === null && c.app.child.signalCode === null
        && !readFileSync(c.log, 'utf8').includes('recovery booted'); t++) await sleep(50);
      await sleep(300);
    } else {
      before = sandboxState(c.base, c.id);
      appendFileSync(c.log, 'begin\n');
      const ran = await def.run(c).catch((e) => ({ error: e }));
      if (n === 0 && (ran.isError || ran.error)) throw new Error(`${op} without a crash failed: ${ran.error ?? text(ran)}`);
      // A deletion's last steps run on the app's deleting thread, after the answer.
      if (product === 'delete') await sleep(1500);
    }
    const logged = existsSync(c.log) ? readFileSync(c.log, 'utf8') : '';
    // A capfs kind at a step where the disk is already unmounted (a deletion's last) has
    // nothing to kill: not a point of that kind.
    const crashed = logged.includes('\ncrash\n') && !logged.includes('\nkilled none\n');
    const counted = stepsIn(c.log, product);
    if (n === 0) setupSteps[op] = counted.setup;
    const steps = counted.op;
    await stop(c);
    rmSync(join(tree.env.XDG_STATE_HOME, 'filler'), { force: true });
    if (n > 0 && !crashed) return { outcome: 'unreached', steps };
    // The real test server again, on the same state, without a crash.
    await start(c);
    const ids = await recovered(c);
    const after = sandboxState(c.base, c.id);
    const others = ids.filter((i) => i !== c.id).map((i) => sandboxState(c.base, i));
    let outcome = def.classify(c, before, after, others);
    if (c.unusable.length) outcome = `unavailable after the restart: ${c.unusable}`;
    const found = await leftovers(c, ids);
    if ((outcome === 'before' || outcome === 'after') && def.python && after.exists) {
      const wrong = await def.python(c);
      if (wrong) outcome = `python: ${wrong}`;
    }
    await stop(c);
    const detail = outcome === 'before' || outcome === 'after' ? '' : outcome;
    return { outcome: detail ? 'mixed' : outcome, detail, leftovers: found, steps };
  } finally {
    await stop(c).catch(() => {});
    if (process.env.HOPX_CRASHPOINTS_KEEPLOG) try { appendFileSync(process.env.HOPX_CRASHPOINTS_KEEPLOG, readFileSync(c.log)); } catch { /* no log */ }
    forceClean(tree.root);
  }
}

// All points of \a op for \a kind (or those in \a points); one summary row.
export async function walkOp(op, kind, points = 'all', report = () => {}) {
  const t0 = Date.now();
  const reference = await crashPoint(op, kind, 0);
  const row = { op, kind, points: 0, before: 0, after: 0, mixed: 0, leftovers: 0, steps: reference.steps, problems: [] };
  if (reference.outcome !== 'after' || reference.leftovers.length) row.problems.push(`no crash: ${reference.outcome} ${reference.detail} ${reference.leftovers.join(', ')}`);
  const ns = points === 'all' ? [...Array(reference.steps).keys()].map((i) => i + 1) : points.filter((p) => p <= reference.steps);
  for (const n of ns) {
    const r = await crashPoint(op, kind, n);
    report(op, kind, n, r);
    if (r.outcome === 'unreached') continue;
    row.points++;
    row[r.outcome]++;
    if (r.leftovers.length) { row.leftovers++; row.problems.push(`${n}: leftovers ${r.leftovers.join(', ')}`); }
    if (r.outcome === 'mixed') row.problems.push(`${n}: ${r.detail}`);
  }
  row.seconds = Math.round((Date.now() - t0) / 1000);
  return row;
}

export function table(rows) {
  const head = ['op', 'kind', 'points', 'before', 'after', 'mixed', 'leftovers', 'seconds'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) lines.push(`| ${head.map((h) => r[h]).join(' | ')} |`);
  const sum = (k) => rows.reduce((s, r) => s + r[k], 0);
  lines.push(`| total | | ${sum('points')} | ${sum('before')} | ${sum('after')} | ${sum('mixed')} | ${sum('leftovers')} | ${sum('seconds')} |`);
  return lines.join('\n');
}

async function main(argv) {
  const arg = (name, def) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : def; };
  const chosenOps = arg('--ops', OPS.join(',')).split(',');
  const kinds = arg('--kinds', KINDS.join(',')).split(',');
  const points = arg('--points', 'all');
  const pointList = points === 'all' ? 'all' : points.split(',').map(Number);
  if (kinds.includes('disk') && !process.env.HOPX_CRASHPOINTS_NS) {
    if (process.getuid() !== 0) throw new Error('the disk kind mounts a tmpfs: run as root, or leave it out (--kinds app,capfs)');
    // A private mount namespace with a small tmpfs for every state directory: the real disk
    // is never filled (it is shared, and once ran out of inodes).
    const r = spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c',
      'mkdir -p /tmp/hopx-crashpoints && mount -t tmpfs -o size=900m,mode=0700 tmpfs /tmp/hopx-crashpoints && exec "$@"', 'sh',
      process.execPath, fileURLToPath(import.meta.url), ...argv],
    { stdio: 'inherit', env: { ...process.env, HOPX_CRASHPOINTS_NS: '1', TMPDIR: '/tmp/hopx-crashpoints' } });
    process.exit(r.status ?? 1);
  }
  const rows = [];
  for (const op of chosenOps) {
    for (const kind of kinds) {
      const row = await walkOp(op, kind, pointList, (o, k, n, r) =>
        console.error(`${o} ${k} ${n}: ${r.outcome}${r.detail ? ` (${r.detail})` : ''}${r.leftovers?.length ? ` leftovers: ${r.leftovers.join(', ')}` : ''}`));
      rows.push(row);
      for (const p of row.problems) console.error(`  ${op} ${kind} ${p}`);
    }
  }
  console.log(table(rows));
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((rows) => {
    process.exit(rows.some((r) => r.mixed || r.leftovers || r.problems.length) ? 1 : 0);
  }, (e) => { console.error(e); process.exit(2); });
}
