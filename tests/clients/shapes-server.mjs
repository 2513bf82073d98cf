// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// A test-only MCP server (the official SDK, stdio) whose tools each return one candidate shape of
// a plot result, so shapes.test.mjs can pin what each real client hands its model for each shape:
// the facts the execution tools' result shape rests on (issue 12, item 2).
// Run as: node shapes-server.mjs <dir with node_modules/@modelcontextprotocol/sdk>
import { deflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

function crc32(bytes) {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; ++k) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

// A real 96x64 RGB PNG (a gradient), as a figure would be.
export function gradientPng(width = 96, height = 64) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; ++y) {
    for (let x = 0; x < width; ++x) rows.set([x * 2, y * 3, 200], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

// The text block and the structuredContent say where they came from, so a test sees which one
// the model read.
const FACTS = { stdout: 'plotted\n', exit_code: 0, success: true };
const TEXT = JSON.stringify({ ...FACTS, from: 'content-text' });
const STRUCTURED = { ...FACTS, from: 'structured-content' };
const OUTPUT_SCHEMA = { type: 'object', properties: { stdout: { type: 'string' }, exit_code: { type: 'integer' } } };

// name -> { outputSchema?, result(png) }
export const SHAPES = {
  // No outputSchema; text and image content, no structuredContent.
  shape_content_only: { result: (png) => ({ content: [{ type: 'text', text: TEXT }, { type: 'image', data: png, mimeType: 'image/png' }] }) },
  // outputSchema and structuredContent beside text and image content.
  shape_structured: { outputSchema: OUTPUT_SCHEMA,
    result: (png) => ({ structuredContent: STRUCTURED, content: [{ type: 'text', text: TEXT }, { type: 'image', data: png, mimeType: 'image/png' }] }) },
  // outputSchema declared, but the result has no structuredContent.
  shape_schema_without_structured: { outputSchema: OUTPUT_SCHEMA,
    result: (png) => ({ content: [{ type: 'text', text: TEXT }, { type: 'image', data: png, mimeType: 'image/png' }] }) },
};

async function serve(sdkDir) {
  const require = createRequire(join(sdkDir, 'package.json'));
  const load = (p) => import(pathToFileURL(require.resolve(`@modelcontextprotocol/sdk/${p}`)).href);
  const { Server } = await load('server/index.js');
  const { StdioServerTransport } = await load('server/stdio.js');
  const { ListToolsRequestSchema, CallToolRequestSchema } = await load('types.js');
  const png = gradientPng().toString('base64');
  const server = new Server({ name: 'result-shapes', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: Object.entries(SHAPES).map(([name, s]) => ({ name, description: 'Return a plot result of one shape.',
      inputSchema: { type: 'object', properties: {} }, ...(s.outputSchema ? { outputSchema: s.outputSchema } : {}) })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => SHAPES[req.params.name].result(png));
  await server.connect(new StdioServerTransport());
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await serve(process.argv[2]);
