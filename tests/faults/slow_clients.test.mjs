// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Slow and hostile HTTP clients against the real app's Streamable HTTP endpoint, with the
// product's own limits (not a test configuration): slowloris connections that trickle a
// request a byte at a time, ones that never send a byte, and a flood of idle connections. A
// well-behaved SDK client is served throughout, the slow ones are cut off, the app stays up.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startHttpApp, connectHttp, HTTP_TOKEN } from '../interop/harness.mjs';
import { bounded, sleep, structured } from './faults.mjs';

let app;
let port;
before(async () => {
  app = await startHttpApp();
  port = Number(new URL(app.endpoint).port);
});
after(async () => { await app?.stop(); });

// A raw connection that records whether and how the server ended it.
function rawConnection() {
  const s = net.createConnection({ host: '127.0.0.1', port });
  const state = { socket: s, received: '', closed: false };
  s.setEncoding('latin1');
  s.on('data', (d) => { state.received += d; });
  s.on('close', () => { state.closed = true; });
  s.on('error', () => { state.closed = true; });
  state.ready = new Promise((r) => s.once('connect', r));
  return state;
}

async function wellBehavedCalls(n) {
  const { client } = await connectHttp(app.endpoint, HTTP_TOKEN, 'good');
  for (let i = 0; i < n; i++) {
    const r = await bounded(client.callTool({ name: 'health', arguments: {} }), 10000, 'health');
    assert.equal(structured(r).status, 'ok');
  }
  await client.close();
}

test('slowloris and silent connections are cut off while a good client is served', async () => {
  const request = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${HTTP_TOKEN}\r\n`
    + 'Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n';
  const trickling = Array.from({ length: 20 }, rawConnection);
  const silent = Array.from({ length: 20 }, rawConnection);
  await Promise.all([...trickling, ...silent].map((c) => c.ready));
  let stop = false;
  const trickle = (async () => { // one byte a second on each: never a whole request
    for (let i = 0; !stop && i < request.length; i++) {
      for (const c of trickling) if (!c.closed) c.socket.write(request[i]);
      await sleep(1000);
    }
  })();

  await wellBehavedCalls(20); // served while they all hang on
  const t = Date.now();
  while (Date.now() - t < 40000 && [...trickling, ...silent].some((c) => !c.closed)) await sleep(250);
  stop = true;
  await trickle;
  const open = [...trickling, ...silent].filter((c) => !c.closed).length;
  assert.equal(open, 0, `${open} slow connections still open after 40 s`);
  for (const c of trickling) if (c.received) assert.match(c.received, /^HTTP\/1\.1 408/, 'a 408 when anything is said');
  await wellBehavedCalls(5);
});

test('a flood of idle connections beyond the limit: the app stays up and serves afterwards', async () => {
  const flood = Array.from({ length: 300 }, rawConnection); // the product allows 256
  await Promise.all(flood.map((c) => Promise.race([c.ready, sleep(5000)])));
  // Connections beyond the kernel's listen backlog retry their SYN after a second or more.
  const t = Date.now();
  while (Date.now() - t < 6000 && flood.filter((c) => c.closed).length < flood.length - 256) await sleep(100);
  const refused = flood.filter((c) => c.closed).length;
  console.log(`${refused} of ${flood.length} flood connections closed by the app`);
  assert.ok(refused >= flood.length - 256, 'connections beyond the limit are closed');
  for (const c of flood) c.socket.destroy();
  await sleep(500);
  await wellBehavedCalls(5);
  assert.equal(app.child.exitCode, null, 'the app is up');
});
