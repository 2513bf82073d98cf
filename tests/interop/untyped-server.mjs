// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// A stdio MCP server with one tool whose output schema has a property of no type, the kind of
// schema the Inspector's --strict check warns about: the control that shows the check can fail.
import { createInterface } from 'node:readline';

const tool = {
  name: 'untyped',
  description: 'A tool whose output schema accepts anything under "value".',
  inputSchema: { type: 'object', additionalProperties: false },
  outputSchema: { type: 'object', properties: { value: { description: 'anything at all' } } },
};
const answer = (id, result) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, result })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const msg = JSON.parse(line);
  if (msg.id === undefined) return; // notifications
  if (msg.method === 'initialize') {
    answer(msg.id, {
      protocolVersion: msg.params.protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name: 'untyped-server', version: '1.0.0' },
    });
  } else if (msg.method === 'tools/list') {
    answer(msg.id, { tools: [tool] });
  } else {
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } })}\n`);
  }
});
