// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// SIGSTOP of the app with a bridge client (hopx-mcp over stdio) and a Streamable HTTP client
// waiting on calls: each call settles within its own timeout (an answer, or the client's
// timeout error), never a hang beyond it; the bridge stays up; after SIGCONT the same clients,
// and new ones, are served normally. HOPX_FAULT_STOP_SECONDS sets the stop (default 30; CTest
// uses less).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHttpApp, connectStdio, connectHttp, bwrapMissing } from '../interop/harness.mjs';
import { bounded, sleep, structured } from './faults.mjs';

const STOP_S = Number(process.env.HOPX_FAULT_STOP_SECONDS ?? 30);
const SHORT_MS = Math.max(2000, (STOP_S * 1000) / 3); // shorter than the stop: must time out
const LONG_MS = STOP_S * 1000 + 60000; // longer than the stop: must get its answer

let app;
let bridge;
let http;
before(async () => {
  if (bwrapMissing) return;
  app = await startHttpApp();
  bridge = await connectStdio(app, 'stop-bridge');
  http = (await connectHttp(app.endpoint)).client;
});
after(async () => {
  if (app?.child.exitCode === null) app.child.kill('SIGCONT');
  await bridge?.close();
  await http?.close();
  await app?.stop();
});

const run = (client, args, timeout) => client.callTool({ name: 'execute_code', arguments: args }, undefined,
                                                        { timeout, maxTotalTimeout: timeout });

test(`SIGSTOP of the app for ${STOP_S} s with a bridge and an HTTP client waiting`, { skip: bwrapMissing }, async () => {
  const ids = [];
  for (const c of [bridge, http]) {
    const id = structured(await c.callTool({ name: 'create_sandbox', arguments: {} })).id;
    assert.equal(structured(await run(c, { sandbox_id: id, code: 'n = 1' }, 30000)).success, true);
    ids.push(id);
  }
  // Each client: a call whose timeout ends inside the stop, and one whose timeout outlasts it.
  // Both are sent just before the stop, so they are in the app's hands (or its socket's).
  const calls = [bridge, http].flatMap((c, i) => [
    { what: `${i ? 'HTTP' : 'bridge'} short`, timeout: SHORT_MS,
      p: run(c, { sandbox_id: ids[i], code: 'import time\ntime.sleep(0.5)\nn' }, SHORT_MS) },
    { what: `${i ? 'HTTP' : 'bridge'} long`, timeout: LONG_MS,
      p: run(c, { sandbox_id: ids[i], code: 'n + 1' }, LONG_MS) },
  ]);
  await sleep(100);
  const stoppedAt = Date.now();
  app.child.kill('SIGSTOP');
  setTimeout(() => app.child.kill('SIGCONT'), STOP_S * 1000);

  const settled = await Promise.all(calls.map(async (c) => {
    const started = Date.now();
    // The bound: the call's own timeout, plus the stop for calls the app answers on waking.
    try {
      const r = await bounded(c.p, c.timeout + STOP_S * 1000 + 15000, c.what);
      return { ...c, result: r, after: Date.now() - stoppedAt };
    } catch (e) {
      if (/no answer and no error/.test(e.message)) throw e;
      return { ...c, error: e, after: Date.now() - started };
    }
  }));
  for (const s of settled) console.log(`${s.what}: ${s.error ? `error ${s.error.message}` : JSON.stringify(structured(s.result))} after ${s.after} ms`);
  for (const s of settled.filter((x) => x.what.endsWith('long'))) {
    assert.ok(!s.error, `${s.what}: answered after the stop, not ${s.error?.message}`);
    assert.equal(structured(s.result).result, '2', `${s.what}: the right answer`);
  }
  for (const s of settled.filter((x) => x.what.endsWith('short'))) {
    // The client's own timeout fires during the stop (the app cannot answer then): an error
    // naming the timeout, not a hang and not some other failure.
    assert.ok(s.error, `${s.what}: timed out`);
    assert.match(String(s.error.message), /timed out|timeout/i);
  }
  assert.ok(Date.now() - stoppedAt >= STOP_S * 1000 - 500, 'the long calls waited for SIGCONT');

  // The same clients are served normally, and a new bridge connects.
  for (const [i, c] of [bridge, http].entries()) {
    const r = structured(await bounded(run(c, { sandbox_id: ids[i], code: 'n * 10' }, 30000), 40000, 'after SIGCONT'));
    assert.equal(r.result, '10');
    await c.callTool({ name: 'delete_sandbox', arguments: { id: ids[i] } });
  }
  const fresh = await connectStdio(app, 'after-stop');
  assert.equal(structured(await fresh.callTool({ name: 'health', arguments: {} })).status, 'ok');
  await fresh.close();
});
