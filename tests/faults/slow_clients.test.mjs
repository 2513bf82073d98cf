// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Slow and hostile HTTP clients against the real app's Streamable HTTP endpoint, with the
// product's own limits (not a test configuration): slowloris connections that trickle a
// request a byte at a time, ones that never send a byte, and a flood of idle connections. A
// well-behaved SDK client is served throughout, the slow ones are cut off, the app stays up.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { appendFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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
function rawConnection(to = port) {
  const s = net.createConnection({ host: '127.0.0.1', port: to });
  const state = { socket: s, received: '', closed: false };
  s.setEncoding('latin1');
  s.on('data', (d) => { state.received += d; });
  const ended = () => { if (!state.closed) { state.closed = true; state.lived = Date.now() - state.connectedAt; } };
  s.on('close', ended);
  s.on('error', ended);
  state.ready = new Promise((r) => s.once('connect', () => { state.connectedAt = Date.now(); r(); }));
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

  try {
    await wellBehavedCalls(20); // served while they all hang on
    const t = Date.now();
    while (Date.now() - t < 40000 && [...trickling, ...silent].some((c) => !c.closed)) await sleep(250);
  } finally {
    stop = true;
    await trickle;
  }
  const open = [...trickling, ...silent].filter((c) => !c.closed);
  for (const c of open) c.socket.destroy();
  assert.equal(open.length, 0, `${open.length} slow connections still open after 40 s`);
  for (const c of trickling) if (c.received) assert.match(c.received, /^HTTP\/1\.1 408/, 'a 408 when anything is said');
  await wellBehavedCalls(5);
});

// Judged on the app's side: a client beyond the kernel's listen backlog may never learn that
// its half-open connection was dropped (no RST), so client sockets are not the measure.
test('a flood of idle connections beyond the limit: the app holds at most its limit, then none', async () => {
  const fds = () => readdirSync(`/proc/${app.child.pid}/fd`).length;
  const before = fds();
  const refusedBefore = (app.stderr().match(/too many connections/g) ?? []).length;
  const refusedNow = () => (app.stderr().match(/too many connections/g) ?? []).length - refusedBefore;
  // In waves, each let in before the next: on a loaded machine one burst of 300 can take
  // longer to be accepted than the 10 s the first ones may stay, and then the app never holds
  // its limit at once. Each wave waits for the app to take it (an fd each) or refuse it.
  const flood = [];
  let most = 0;
  try {
    for (let wave = 0; wave < 6; wave++) { // the product allows 256
      const next = Array.from({ length: 50 }, rawConnection);
      flood.push(...next);
      await Promise.all(next.map((c) => c.ready));
      const t = Date.now();
      while (Date.now() - t < 2000 && fds() - before + refusedNow() < flood.length) await sleep(20);
      most = Math.max(most, fds() - before);
    }
    const t = Date.now();
    while (Date.now() - t < 30000) {
      most = Math.max(most, fds() - before);
      if (Date.now() - t > 2000 && fds() <= before) break; // all gone again
      await sleep(100);
    }
    const refused = refusedNow();
    console.log(`the app held at most ${most} more fds; it refused ${refused} connections; ${fds() - before} left`);
    assert.ok(most <= 256, `at most the limit of connections at once (${most})`);
    assert.ok(refused > 0, 'connections beyond the limit are refused');
    assert.ok(fds() <= before, 'every flood connection closed by the app (request timeout)');
  } finally {
    for (const c of flood) c.socket.destroy();
  }
  await wellBehavedCalls(5);
  assert.equal(app.child.exitCode, null, 'the app is up');
});

// A POST on a raw connection whose reader takes 64 KiB every 20 ms: the app's socket fills and
// the rest of the response waits in the app, which writes it as the reader drains it.
async function slowlyReadPost(endpoint, session, body) {
  const to = Number(new URL(endpoint).port);
  const c = rawConnection(to);
  c.socket.removeAllListeners('data');
  const chunks = [];
  c.socket.on('data', (d) => { chunks.push(Buffer.from(d, 'latin1')); c.socket.pause(); });
  await c.ready;
  const payload = Buffer.from(JSON.stringify(body));
  c.socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${to}\r\nAuthorization: Bearer ${HTTP_TOKEN}\r\n`
    + `Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n`
    + `Mcp-Session-Id: ${session}\r\nMCP-Protocol-Version: 2025-06-18\r\nConnection: close\r\n`
    + `Content-Length: ${payload.length}\r\n\r\n`);
  c.socket.write(payload);
  const started = Date.now();
  while (!c.closed && Date.now() - started < 120000) {
    await sleep(20);
    c.socket.resume();
  }
  c.socket.destroy();
  return Buffer.concat(chunks).toString('utf8');
}

test('a client that reads a 12 MB result slowly gets all of it, byte for byte', async () => {
  // An output cap that lets 12 MB through (the default cuts at 1 MiB).
  const big = await startHttpApp([], HTTP_TOKEN, 'hopx-desktop', (tree) => appendFileSync(
    join(tree.env.XDG_CONFIG_HOME, 'hopx-desktop', 'hopx-desktop.ini'), '[execution]\noutputCapBytes=33554432\n'));
  const { client, transport } = await connectHttp(big.endpoint, HTTP_TOKEN, 'slow-reader');
  const id = structured(await client.callTool({ name: 'create_sandbox', arguments: {} })).id;
  try {
    // 12 MB with quotes, backslashes and non-ASCII, escaped twice in the text block.
    const line = 'x"y\\z ✓ ';
    const count = Math.ceil(12e6 / Buffer.byteLength(line));
    const raw = await slowlyReadPost(big.endpoint, transport.sessionId, { jsonrpc: '2.0', id: 7, method: 'tools/call',
      params: { name: 'run_command', arguments: { sandbox_id: id,
        command: `python3 -c 'import sys; sys.stdout.write(sys.argv[1] * ${count})' '${line}'` } } });
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    assert.match(head, /^HTTP\/1\.1 200/);
    let body = raw.slice(head.length + 4);
    if (/text\/event-stream/i.test(head)) { // chunked SSE: the response is the event with id 7
      const events = body.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)));
      body = JSON.stringify(events.find((e) => e.id === 7));
    }
    const response = JSON.parse(body);
    const expected = line.repeat(count);
    const result = response.result;
    assert.equal(result.structuredContent.stdout.length, expected.length);
    assert.ok(result.structuredContent.stdout === expected, 'structuredContent.stdout is the output');
    assert.ok(JSON.parse(result.content[0].text).stdout === expected, 'so is the text block\'s');
  } finally {
    await client.callTool({ name: 'delete_sandbox', arguments: { id } });
    await client.close();
    await big.stop();
  }
});
