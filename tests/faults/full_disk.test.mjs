// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// A full disk under the app: its runtime, state, data and config directories (the sandboxes'
// disks live in the state one) on a small tmpfs that is then filled. Calls that need
// space get clear errors, calls that do not go on working, nothing written before is lost,
// and once space is freed everything works again. Mounting needs root; as a user it is skipped.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, writeSync, closeSync, rmSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, connectStdio, bwrapMissing, writeLocalSettings } from '../interop/harness.mjs';
import { bounded, text, structured } from './faults.mjs';

const skip = bwrapMissing || (process.getuid() !== 0 && 'mounting a small tmpfs needs root');
let mount;
let app;
let client;
before(async () => {
  if (skip) return;
  mount = mkdtempSync(join(tmpdir(), 'hopx-fulldisk-'));
  // Room for one small sandbox disk (32 MiB, a setting) plus the 512 MiB the app keeps free
  // for the host before it makes one.
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=600m,mode=0700', 'tmpfs', mount]);
  app = await startApp([], {}, (tree) => {
    for (const k of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'XDG_RUNTIME_DIR']) {
      tree.env[k] = join(mount, k.toLowerCase());
      mkdirSync(tree.env[k], { mode: 0o700 });
    }
    tree.socket = join(tree.env.XDG_RUNTIME_DIR, 'hopx-desktop', 'mcp.sock');
    writeLocalSettings(tree.env, { workspaceMb: 32 });
  });
  client = await connectStdio(app, 'full-disk');
});
after(async () => {
  await client?.close();
  await app?.stop();
  if (mount) {
    execFileSync('umount', ['-l', mount]);
    rmdirSync(mount);
  }
});

const call = (name, args) => bounded(client.callTool({ name, arguments: args }), 60000, name);

// Fills the file system with one file until ENOSPC; returns its path.
function fill() {
  const path = join(mount, 'filler');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(1 << 20, 7);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (e) {
    assert.equal(e.code, 'ENOSPC');
  }
  for (const size of [65536, 4096, 1]) { // the last partial blocks too
    try { for (;;) writeSync(fd, chunk, 0, size); } catch { /* full at this size */ }
  }
  closeSync(fd);
  return path;
}

test('a full disk: clear errors, nothing lost, and all works again once space is freed', { skip }, async () => {
  const id = structured(await call('create_sandbox', {})).id;
  assert.ok(id);
  const kept = 'written before the disk filled\n'.repeat(100);
  assert.notEqual((await call('file_write', { sandbox_id: id, path: 'kept.txt', content: kept })).isError, true);
  assert.equal(structured(await call('execute_code', { sandbox_id: id, code: 'state = 41' })).success, true);

  const filler = fill();

  // Writing needs space: an error result that says so.
  const big = await call('file_write', { sandbox_id: id, path: 'big.txt', content: 'x'.repeat(1 << 20) });
  console.log(`file_write on a full disk → ${text(big).slice(0, 300)}`);
  assert.equal(big.isError, true, 'file_write fails');
  assert.match(structured(big).message, /disk .*is full/i, 'says the disk may be full, not only a sandbox limit');
  const py = structured(await call('execute_code', { sandbox_id: id, code: 'open("/workspace/p.bin", "wb").write(b"y" * (1 << 20))' }));
  console.log(`Python writing on a full disk → ${JSON.stringify(py).slice(0, 300)}`);
  assert.equal(py.success, false);
  // The program sees ENOSPC, the host's own answer that hopx-capfs passes on.
  assert.match(JSON.stringify(py), /No space left|ENOSPC/i);

  // What needs no space still works: the kernel and its state, reading, listing.
  assert.equal(structured(await call('execute_code', { sandbox_id: id, code: 'state + 1' })).result, '42');
  const keptRead = await call('file_read', { sandbox_id: id, path: 'kept.txt' });
  console.log(`file_read on a full disk → ${text(keptRead).slice(0, 300)}`);
  // A read writes nothing on the host, so it works on a full disk.
  assert.equal(keptRead.isError, undefined, text(keptRead));
  assert.equal(structured(keptRead).content, kept);
  assert.equal(structured(await call('health', {})).status, 'ok');
  // A new sandbox may or may not fit: either it starts, or the error says why.
  const created = await call('create_sandbox', {});
  console.log(`create_sandbox on a full disk → ${text(created).slice(0, 300)}`);
  if (created.isError) assert.match(text(created), /space|full|ENOSPC|disk|quota/i);
  else await call('delete_sandbox', { id: structured(created).id });

  // Space again: writes work, nothing written before was lost.
  rmSync(filler);
  assert.notEqual((await call('file_write', { sandbox_id: id, path: 'big.txt', content: 'x'.repeat(1 << 20) })).isError, true);
  assert.equal(structured(await call('file_read', { sandbox_id: id, path: 'kept.txt' })).content, kept);
  assert.equal(structured(await call('execute_code', { sandbox_id: id, code: 'state + 2' })).result, '43');
  const fresh = structured(await call('create_sandbox', {})).id;
  assert.equal(structured(await call('execute_code', { sandbox_id: fresh, code: '2 + 2' })).result, '4');
  await call('delete_sandbox', { id: fresh });
  await call('delete_sandbox', { id });
});
