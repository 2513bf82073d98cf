// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Benchmark helpers: a raw newline-JSON MCP client over a child's stdio (the same client for
// our server and the reference one, so the comparison measures servers, not SDKs).
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

export class LineClient {
  constructor(child) {
    this.child = child;
    this.nextId = 1;
    this.waiters = new Map();
    this.pending = []; // the current line's bytes so far, as the chunks that brought them
    this.onNotification = null;
    child.stdout.on('data', (chunk) => {
      // Only the new chunk can hold the newline, and a line is joined once, when it ends:
      // appending to one string made V8 flatten the whole line per chunk, and the client then
      // took 18 s to read a 10 MiB line, which the benchmarks charged to the server.
      let start = 0;
      let nl;
      while ((nl = chunk.indexOf(10, start)) >= 0) {
        this.pending.push(chunk.subarray(start, nl));
        const line = Buffer.concat(this.pending).toString('utf8');
        this.pending = [];
        start = nl + 1;
        if (line.trim()) this.dispatch(JSON.parse(line));
      }
      if (start < chunk.length) this.pending.push(chunk.subarray(start));
    });
  }
  dispatch(msg) {
    if (msg.id !== undefined && !msg.method) {
      const w = this.waiters.get(msg.id);
      if (w) { this.waiters.delete(msg.id); w(msg); }
    } else if (this.onNotification) this.onNotification(msg);
  }
  request(method, params) {
    const id = this.nextId++;
    const msg = { jsonrpc: '2.0', id, method };
    if (params !== undefined) msg.params = params;
    return new Promise((resolve) => {
      this.waiters.set(id, resolve);
      this.child.stdin.write(JSON.stringify(msg) + '\n');
    });
  }
  notify(method, params) {
    const msg = { jsonrpc: '2.0', method };
    if (params !== undefined) msg.params = params;
    this.child.stdin.write(JSON.stringify(msg) + '\n');
  }
  async initialize(version = '2025-06-18') {
    const r = await this.request('initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
    this.notify('notifications/initialized');
    return r;
  }
  async tool(name, args = {}) {
    const r = await this.request('tools/call', { name, arguments: args });
    if (r.error) throw new Error(`${name}: ${r.error.message}`);
    return r.result;
  }
  close() { this.child.stdin.end(); }
}

export function spawnClient(cmd, args, env) {
  const child = spawn(cmd, args, { env, stdio: ['pipe', 'pipe', 'inherit'] });
  return new LineClient(child);
}

export function percentile(samples, p) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
export const ms = (ns) => Number(ns) / 1e6;
export function rssKiB(pid) {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return m ? Number(m[1]) : NaN;
}
// CPU time the threads of a process have run (ms, counted in ns), from
// /proc/<pid>/task/*/schedstat: /proc/<pid>/stat counts in 10 ms ticks, too coarse for a round of
// a thousand requests of 15 µs each. A thread that exits between two reads drops out of the sum.
export function cpuMs(pid) {
  let ns = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]);
    } catch { /* exited */ }
  }
  return ns / 1e6;
}
export function pssKiB(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/Pss:\s+(\d+)/);
    return m ? Number(m[1]) : NaN;
  } catch { return NaN; }
}
// Every descendant of a pid (its whole process tree), from /proc.
export function descendants(root) {
  const { readdirSync } = awaitFs();
  const children = new Map();
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(e));
    } catch { /* gone */ }
  }
  const out = [];
  const stack = [root];
  while (stack.length) {
    const p = stack.pop();
    for (const c of children.get(p) ?? []) { out.push(c); stack.push(c); }
  }
  return out;
}
import * as fs from 'node:fs';
function awaitFs() { return fs; }

export async function timeIt(fn) {
  const t = process.hrtime.bigint();
  await fn();
  return ms(process.hrtime.bigint() - t);
}
export function row(cells) { return `| ${cells.join(' | ')} |`; }
export const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
export const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
export const f3 = (x) => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');

// p50/p99 of n sequential requests per series ({ client, method, params, pid }), and with a pid
// the CPU that server process used per request (µs). The series take turns in `rounds` rounds
// of n / rounds requests, so that whatever else the machine does at a moment slows all of them
// alike, not just the one measured then.
export async function latencies(series, n, rounds) {
  for (const s of series) {
    s.samples = [];
    s.cpu = 0;
    for (let i = 0; i < 200; i++) await s.client.request(s.method, s.params); // warm-up
  }
  for (let round = 0; round < rounds; round++) {
    for (const s of series) {
      const cpuBefore = s.pid ? cpuMs(s.pid) : 0;
      for (let i = 0; i < n / rounds; i++) {
        const t = process.hrtime.bigint();
        const r = await s.client.request(s.method, s.params);
        s.samples.push(Number(process.hrtime.bigint() - t) / 1e6);
        if (r.error) throw new Error(JSON.stringify(r.error));
      }
      if (s.pid) s.cpu += cpuMs(s.pid) - cpuBefore;
    }
  }
  return series.map((s) => ({ p50: percentile(s.samples, 50), p99: percentile(s.samples, 99),
    cpuUs: s.pid ? (s.cpu * 1000) / n : undefined }));
}
