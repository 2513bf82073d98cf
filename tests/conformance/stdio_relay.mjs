// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// A Streamable HTTP front for one stdio MCP server (hopx-mcp → hopx-desktop), so that the
// conformance suite, which speaks HTTP only, can drive our stdio path. It adds nothing of its
// own to the protocol: each POSTed message goes to the child as one line (ids renamed so that
// concurrent POSTs never collide, then restored), the child's answer comes back as JSON, or as
// SSE after the notifications that belong to the request (by progressToken, or by listen id).
// JSON-RPC errors get the HTTP status 2026-07-28 gives them. HTTP-only checks (headers, Origin)
// are not relayed: the stdio server never sees HTTP.
//   node stdio_relay.mjs COMMAND [ARGS...]   prints "RELAY http://127.0.0.1:PORT/mcp"
import http from 'node:http';
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
child.on('exit', (code) => { console.error(`relay: child exited ${code}`); process.exit(1); });

let next = 0;
const pending = new Map(); // relay id → { res, id, token, streaming }
const byToken = new Map(); // progressToken → relay id
const statusFor = { '-32601': 404, '-32602': 400, '-32020': 400, '-32021': 400, '-32022': 400 };

function sse(entry, message) {
  if (!entry.streaming) {
    entry.streaming = true;
    entry.res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  }
  entry.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
}

let buffer = '';
child.stdout.on('data', (chunk) => {
  buffer += chunk;
  let nl;
  while ((nl = buffer.indexOf('\n')) >= 0) {
    const line = buffer.slice(0, nl);
    buffer = buffer.slice(nl + 1);
    if (!line.trim()) continue;
    const message = JSON.parse(line);
    if (message.method === undefined && message.id !== undefined) {
      const entry = pending.get(message.id);
      if (!entry) continue;
      pending.delete(message.id);
      if (entry.token !== undefined) byToken.delete(entry.token);
      message.id = entry.id;
      if (entry.streaming) { sse(entry, message); entry.res.end(); continue; }
      const status = message.error ? (statusFor[String(message.error.code)] ?? 200) : 200;
      entry.res.writeHead(status, { 'Content-Type': 'application/json' });
      entry.res.end(JSON.stringify(message));
      continue;
    }
    const token = message.params?.progressToken;
    const listen = message.params?._meta?.['io.modelcontextprotocol/subscriptionId'];
    const owner = token !== undefined ? byToken.get(token) : listen;
    const entry = owner !== undefined ? pending.get(owner) : undefined;
    if (entry) {
      if (listen !== undefined) message.params._meta['io.modelcontextprotocol/subscriptionId'] = entry.id;
      sse(entry, message);
    }
  }
});

const server = http.createServer((req, res) => {
  if (req.method !== 'POST') { res.writeHead(405, { Allow: 'POST' }); res.end(); return; }
  let body = '';
  req.on('data', (d) => { body += d; });
  req.on('end', () => {
    let message;
    try { message = JSON.parse(body); } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
      return;
    }
    if (message.id === undefined || message.method === undefined) {
      child.stdin.write(`${JSON.stringify(message)}\n`);
      res.writeHead(202); res.end();
      return;
    }
    const relayId = `r${++next}`;
    const token = message.params?._meta?.progressToken;
    const entry = { res, id: message.id, token, streaming: false };
    pending.set(relayId, entry);
    if (token !== undefined) byToken.set(token, relayId);
    // Closing the stream is how a stateless client cancels.
    res.on('close', () => {
      if (pending.get(relayId) !== entry) return;
      pending.delete(relayId);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: relayId } })}\n`);
    });
    child.stdin.write(`${JSON.stringify({ ...message, id: relayId })}\n`);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`RELAY http://127.0.0.1:${server.address().port}/mcp`));
