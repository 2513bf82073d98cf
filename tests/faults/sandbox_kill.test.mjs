// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// SIGKILL of a local sandbox's agent, its Python kernel, or its bwrap process in the middle of
// a tool call: the call gets a clear error result (not a hang, not a protocol error), the next
// call in that sandbox works or says the sandbox is gone, and the app goes on serving.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, connectStdio, bwrapMissing } from '../interop/harness.mjs';
import { sandboxProcesses, bounded, sleep, text, structured } from './faults.mjs';

let app;
let client;
before(async () => {
  if (bwrapMissing) return;
  app = await startApp();
  client = await connectStdio(app, 'faults');
});
after(async () => {
  await client?.close();
  await app?.stop();
});

const call = (name, args, ms = 60000) => bounded(client.callTool({ name, arguments: args }), ms, name);

async function killMidCall(victim) {
  const id = structured(await call('create_sandbox', {})).id;
  assert.ok(id, 'a sandbox');
  assert.equal(structured(await call('execute_code', { sandbox_id: id, code: 'x = 41\nx' })).result, '41');
  const procs = await sandboxProcesses(client, app.child.pid, id);
  assert.ok(procs[victim], `found the ${victim}: ${JSON.stringify(procs)}`);

  const pending = call('execute_code', { sandbox_id: id, code: 'import time\ntime.sleep(60)\nx' }, 45000);
  await sleep(1500); // the run is under way
  process.kill(procs[victim], 'SIGKILL');
  const r = await pending;
  const message = text(r);
  console.log(`${victim} killed mid-call → ${message.slice(0, 400)}`);
  // Either an isError result or a run result that failed (success false, the reason in _note).
  assert.ok(r.isError === true || structured(r).success === false, `an error result: ${message}`);
  assert.match(message, /kill|stopp|exit|died|crash|lost|gone|restart|signal/i, 'says what happened');
  return { id, message };
}

// The sandbox after the fault: the next call answers, either with a working kernel or with an
// error saying the sandbox is gone; a new sandbox works in any case.
async function afterwards(id) {
  const next = await call('execute_code', { sandbox_id: id, code: '1 + 1' });
  const message = text(next);
  console.log(`next call → ${message.slice(0, 300)}`);
  if (next.isError) assert.match(message, /sandbox|not found|gone|stopped|no longer/i, 'says why');
  else assert.equal(structured(next).result, '2');
  const fresh = structured(await call('create_sandbox', {})).id;
  assert.equal(structured(await call('execute_code', { sandbox_id: fresh, code: '2 + 2' })).result, '4');
  await call('delete_sandbox', { id: fresh });
  await call('delete_sandbox', { id });
  return next;
}

test('SIGKILL of the Python kernel mid-call: an error result, then a fresh kernel', { skip: bwrapMissing }, async () => {
  const { id } = await killMidCall('kernel');
  const next = await afterwards(id);
  assert.notEqual(next.isError, true, 'the sandbox is still there: its agent lives');
});

// With the sandbox gone, the interrupted call must say so, as the next call will: not promise
// a fresh interpreter that the next call cannot have.
async function sandboxGone(victim) {
  const { id, message } = await killMidCall(victim);
  assert.doesNotMatch(message, /next call starts a fresh|start the sandbox again/, 'no false promise');
  assert.match(message, /create_sandbox/, 'says what to do');
  const next = await afterwards(id);
  assert.equal(next.isError, true, 'the sandbox is gone');
}

test('SIGKILL of the sandbox agent mid-call: an error result, then the sandbox says it is gone', { skip: bwrapMissing }, async () => {
  await sandboxGone('agent');
});

test('SIGKILL of the bwrap process mid-call: an error result, then the sandbox says it is gone', { skip: bwrapMissing }, async () => {
  await sandboxGone('bwrap');
});

test('the app serves as before after the faults', { skip: bwrapMissing }, async () => {
  const health = structured(await call('health', {}));
  assert.equal(health.status, 'ok');
  const r = structured(await call('execute_code_isolated', { code: 'print("still here")' }));
  assert.equal(r.stdout, 'still here\n');
});
