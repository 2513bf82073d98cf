// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Shared by the fault-injection tests: find a sandbox's processes on the host, and call tools
// with a bound on the wait, so that a hang fails the test instead of stalling it.
import { readFileSync, readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function ppidOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}
function cmdline(pid) {
  try { return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean); } catch { return []; }
}
function allPids() {
  return readdirSync('/proc').filter((e) => /^\d+$/.test(e)).map(Number);
}

// The host processes of one sandbox: a marker process is started in it, and its ancestors up
// to the app are the sandbox's agent and bwrap processes; the kernel is the agent's Python child.
export async function sandboxProcesses(client, appPid, sandboxId) {
  const marker = `hopx-fault-marker-${randomBytes(4).toString('hex')}`;
  const started = await client.callTool({ name: 'run_command_background',
    arguments: { sandbox_id: sandboxId, command: `exec -a ${marker} sleep 1000` } });
  assert.notEqual(started.isError, true, JSON.stringify(started.content));
  for (let tries = 0; tries < 100; tries++) {
    const pid = allPids().find((p) => cmdline(p)[0] === marker);
    if (pid) {
      const chain = [];
      for (let p = ppidOf(pid); p > 1 && p !== appPid; p = ppidOf(p)) chain.push(p);
      const agent = chain.find((p) => cmdline(p)[0] === '/run/sbx/agent');
      const bwrap = chain.filter((p) => cmdline(p)[0]?.endsWith('bwrap')).pop(); // the outermost
      const kernel = allPids().find((p) => { try { return ppidOf(p) === agent && cmdline(p).some((a) => a.endsWith('kernel.py')); } catch { return false; } });
      return { marker: pid, agent, bwrap, kernel };
    }
    await sleep(50);
  }
  throw new Error(`the marker process of ${sandboxId} never appeared`);
}

// A tool call that must settle within `ms` (an answer or an error, never a hang).
export async function bounded(promise, ms, what) {
  let timer;
  const hang = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer and no error in ${ms} ms`)), ms); });
  try { return await Promise.race([promise, hang]); } finally { clearTimeout(timer); }
}

export function text(result) {
  return (result?.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
}
export function structured(result) {
  if (result?.structuredContent) return result.structuredContent;
  try { return JSON.parse(text(result)); } catch { return {}; }
}
