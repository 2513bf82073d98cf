// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh tools: what each tool profile costs every conversation before the user types
// a word: tools/list through hopx-mcp → hopx-desktop, as a client receives it (the response
// line), against the reference server-everything in the same run. Tokens are compact JSON bytes
// / 4, the rule of thumb the budget is stated in (tests/unit/tst_toolprofiles.cpp holds compact
// to 16 tools and 4,000 tokens).
import { join } from 'node:path';
import { startApp, resolvePackageFile, binDir } from '../../tests/interop/harness.mjs';
import { spawnClient, row } from './lib.mjs';

const BUDGET = { tools: 16, tokens: 4000 };

async function measure(client) {
  await client.initialize();
  let bytes = 0;
  let tools = 0;
  let cursor;
  do {
    const r = await client.request('tools/list', cursor ? { cursor } : undefined);
    bytes += Buffer.byteLength(JSON.stringify(r.result.tools));
    tools += r.result.tools.length;
    cursor = r.result.nextCursor;
  } while (cursor);
  client.close();
  return { tools, bytes, tokens: Math.round(bytes / 4) };
}

const app = await startApp();
try {
  const env = { HOPX_MCP_SOCKET: app.socket, PATH: process.env.PATH };
  const everythingJs = resolvePackageFile('@modelcontextprotocol/server-everything', 'dist/index.js');
  console.log(row(['profile', 'tools', 'bytes (tools array, compact JSON)', 'tokens (bytes / 4)', 'budget']));
  console.log(row(['---', '---:', '---:', '---:', '---']));
  for (const [name, args] of [['compact (default)', []], ['hopx-mcp', ['--tools', 'hopx-mcp']], ['full', ['--tools', 'full']]]) {
    const m = await measure(spawnClient(join(binDir, 'hopx-mcp'), ['--no-launch', ...args], env));
    const budget = args.length ? '' : `≤ ${BUDGET.tools} tools, ≤ ${BUDGET.tokens} tokens ${m.tools <= BUDGET.tools && m.tokens <= BUDGET.tokens ? '✔' : '✘'}`;
    console.log(row([name, m.tools, m.bytes, m.tokens, budget]));
  }
  const ref = await measure(spawnClient(process.execPath, [everythingJs, 'stdio'], { PATH: process.env.PATH }));
  console.log(row(['reference: server-everything', ref.tools, ref.bytes, ref.tokens, '']));
} finally {
  await app.stop();
}
