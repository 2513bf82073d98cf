// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// A few crash points of each disk operation (crashpoints.mjs has the driver and says what is
// checked): the app SIGKILLed at a step, or the sandbox's hopx-capfs, then the app again on
// the same state: the sandbox is exactly as before or after the operation, nothing is left.
// Without the product's fixes (the start-up journal work of CheckpointJournal disabled, the
// upload's .incoming not emptied, the download's named temporary, the variables of a
// checkpoint not swept at the start) 9 of these 12 fail: each
// comment says what that point found; delete and recovery are regression points.
// scripts/crashpoints.sh walks every step of every operation with every kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bwrapMissing } from '../interop/harness.mjs';
import { crashPoint } from './crashpoints.mjs';

const points = [
  // A checkpoint's files copied, the record not yet written: the next start removes them.
  ['checkpoint', 'app', 3],
  // A checkpoint's variables moved into it, its record not yet saying so: the next start
  // removes them (a restore would bring an unlisted file into the home directory).
  ['checkpoint-state', 'app', 2],
  // A restore after its marker, before its copy: the next start does the copy (without it
  // the marker stayed behind).
  ['restore', 'app', 2],
  ['restore', 'capfs', 2],
  // A deleted checkpoint out of the record, its files not yet gone: removed at the start.
  ['delete-checkpoint', 'app', 2],
  // A fork's child made (with a record) before it has its files: deleted at the start (and
  // the parent's variables' file, left in its home, removed).
  ['fork', 'app', 2],
  // An upload written, not yet renamed into place: its bytes are in the disk's .incoming.
  ['upload', 'app', 2],
  // A download copied, not yet linked into the host folder: an unnamed file, nothing shows.
  ['download', 'app', 2],
  // A sandbox moved out of its place, its disk still mounted: the next start deletes it
  // (regression point: this held before).
  ['delete', 'app', 2],
  // The start itself, between mounting a disk and booting its sandbox (regression point).
  ['recovery', 'app', 1],
  // A restore cut short in its copy (its marker, /workspace half deleted), and the start that
  // finishes it killed in that copy: the next start finishes it (half deleted without it).
  ['recovery-restore', 'app', 1],
];

for (const [op, kind, n] of points) {
  test(`${op}: ${kind} killed at step ${n}`, { skip: bwrapMissing }, async () => {
    const r = await crashPoint(op, kind, n);
    console.log(`${op} ${kind} ${n}/${r.steps}: ${r.outcome} ${r.detail ?? ''} ${(r.leftovers ?? []).join(', ')}`);
    assert.notEqual(r.outcome, 'unreached', `${op} has ${r.steps} steps`);
    assert.ok(r.outcome === 'before' || r.outcome === 'after', r.detail);
    assert.deepEqual(r.leftovers, []);
  });
}

// A full disk between a checkpoint's copy and its record: the record's write failed, and a
// buffered QSaveFile left an empty sandbox.json in place of the old one (the sandbox was then
// unusable). Now the write is unbuffered and checked: the old record stays. The disk kind
// mounts a tmpfs in a private mount namespace, which the driver does as a program: root only.
test('checkpoint: the disk full at step 3', { skip: bwrapMissing || (process.getuid() !== 0 && 'mounting a tmpfs needs root') }, () => {
  const r = spawnSync(process.execPath, [fileURLToPath(new URL('./crashpoints.mjs', import.meta.url)),
    '--ops', 'checkpoint', '--kinds', 'disk', '--points', '3'], { encoding: 'utf8', timeout: 240000 });
  console.log(r.stdout, r.stderr.split('\n').filter((l) => /^checkpoint|^  /.test(l)).join('\n'));
  assert.equal(r.status, 0, r.stderr.slice(-2000));
  assert.match(r.stdout, /\| checkpoint \| disk \| 1 \| \d \| \d \| 0 \| 0 \|/);
});
