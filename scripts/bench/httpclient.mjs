// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// A lean Streamable HTTP MCP client for the benchmarks (node:http keep-alive, one connection
// and one MCP session per client; it reads both JSON and SSE answers, so it costs every server
// the same).
import http from 'node:http';

export class McpHttpClient {
  constructor(url, token) {
    this.url = new URL(url);
    this.token = token;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    this.session = undefined;
    this.nextId = 1;
  }

  post(body) {
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'content-length': Buffer.byteLength(body),
    };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.session) {
      headers['mcp-session-id'] = this.session;
      headers['mcp-protocol-version'] = '2025-11-25';
    }
    return new Promise((resolve, reject) => {
      const req = http.request({ agent: this.agent, method: 'POST', hostname: this.url.hostname,
                                 port: this.url.port, path: this.url.pathname, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  async rpc(method, params) {
    const id = this.nextId++;
    const res = await this.post(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }));
    if (res.status !== 200) throw new Error(`${method}: HTTP ${res.status} ${res.text}`);
    let message;
    if ((res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
      for (const line of res.text.split('\n')) {
        const data = line.startsWith('data:') ? line.slice(5).trim() : '';
        if (!data) continue; // other fields, and priming events (empty data)
        const m = JSON.parse(data);
        if (m.id === id) message = m;
      }
    } else {
      message = JSON.parse(res.text);
    }
    if (!message || message.error) throw new Error(`${method}: ${JSON.stringify(message?.error ?? res.text)}`);
    return { message, res };
  }

  async initialize() {
    const { res } = await this.rpc('initialize', {
      protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'hopx-bench', version: '1' },
    });
    this.session = res.headers['mcp-session-id'];
    const n = await this.post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    if (n.status !== 202) throw new Error(`initialized: HTTP ${n.status}`);
  }

  close() { this.agent.destroy(); }
}
