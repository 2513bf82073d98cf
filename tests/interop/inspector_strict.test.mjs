// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The MCP Inspector's strict schema check (`mcp-inspector --cli --strict --method tools/list`)
// over stdio through hopx-mcp: every tool schema is portable, no error and no warning. The
// Inspector exits non-zero for errors only; warnings (a property of no type, a `type` list,
// a remote $ref) are findings too, and fail here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp, binDir, resolvePackageFile } from './harness.mjs';

const inspector = resolvePackageFile('@modelcontextprotocol/inspector', 'clients/launcher/build/index.js');
const home = mkdtempSync(join(tmpdir(), 'hopx-inspector-'));
after(() => rmSync(home, { recursive: true, force: true }));

// Runs the strict tools/list check against a stdio server; the JSON envelope carries the
// findings (`schemaFindings`), stderr the same report in words.
function strictToolsList(serverEnv, command, ...args) {
  const env = { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, 'mcp.json') };
  const cli = ['--cli', '--strict', '--format', 'json', '--method', 'tools/list'];
  for (const [k, v] of Object.entries(serverEnv)) cli.push('-e', `${k}=${v}`);
  const child = spawn(process.execPath, [inspector, ...cli, command, ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      let envelope = null;
      try { envelope = JSON.parse(stdout); } catch { /* reported by the caller */ }
      resolve({ code, envelope, stdout, stderr });
    });
  });
}

function findings(run) {
  return (run.envelope?.schemaFindings ?? []).flatMap(({ toolName, findings: f }) =>
    f.map((x) => `${x.severity} ${toolName} ${x.schema}.${x.path}: ${x.issue}`));
}

// What the Inspector does not ask, and our schemas promise (CONTRIBUTING, "Adding a tool"):
// every schema in them names its type (or is an anyOf of typed branches), every array its items.
function untyped(schema, path, out) {
  if (schema === null || typeof schema !== 'object') return out;
  if (!('type' in schema) && !('anyOf' in schema) && !('enum' in schema)) out.push(`${path}: no type`);
  if (schema.type === 'array' && !schema.items) out.push(`${path}: an array of no item type`);
  for (const [k, v] of Object.entries(schema.properties ?? {})) untyped(v, `${path}.properties.${k}`, out);
  if (typeof schema.items === 'object') untyped(schema.items, `${path}.items`, out);
  if (typeof schema.additionalProperties === 'object') {
    untyped(schema.additionalProperties, `${path}.additionalProperties`, out);
  }
  (schema.anyOf ?? []).forEach((b, i) => untyped(b, `${path}.anyOf[${i}]`, out));
  return out;
}

// Every tool profile, as an IDE configures it (hopx-mcp --tools): the default is compact.
const PROFILES = { compact: { args: [], min: 10 }, 'hopx-mcp': { args: ['--tools', 'hopx-mcp'], min: 37 },
  full: { args: ['--tools', 'full'], min: 50 } };
const runs = {};
before(async () => {
  const app = await startApp();
  try {
    for (const [name, { args }] of Object.entries(PROFILES)) {
      runs[name] = await strictToolsList({ HOPX_MCP_SOCKET: app.socket }, join(binDir, 'hopx-mcp'), '--no-launch', ...args);
    }
  } finally {
    await app.stop();
  }
});

for (const [name, { min }] of Object.entries(PROFILES)) {
  test(`${name}: every tool schema passes the strict check: 0 errors, 0 warnings`, () => {
    const hopx = runs[name];
    assert.equal(hopx.code, 0, `inspector exit ${hopx.code}\n${hopx.stderr}`);
    assert.ok(hopx.envelope, `no JSON on stdout:\n${hopx.stdout}\n${hopx.stderr}`);
    const tools = hopx.envelope.result.tools;
    assert.ok(tools.length >= min, `only ${tools.length} tools listed`);
    assert.ok(tools.some((t) => t.outputSchema), 'some tools declare an output schema');
    assert.deepEqual(findings(hopx), [], hopx.stderr);
    assert.doesNotMatch(hopx.stderr, /^(Warning|Error): /m);
  });

  test(`${name}: every property of every tool schema has a type, every array an item type`, () => {
    const problems = runs[name].envelope.result.tools.flatMap((t) => [
      ...untyped(t.inputSchema, `${t.name} inputSchema`, []),
      ...untyped(t.outputSchema, `${t.name} outputSchema`, []),
    ]);
    assert.deepEqual(problems, []);
  });
}

test('control: the check reports an untyped property as a warning', async () => {
  const server = fileURLToPath(new URL('./untyped-server.mjs', import.meta.url));
  const run = await strictToolsList({}, process.execPath, server);
  assert.equal(run.code, 0, run.stderr); // warnings alone do not change the exit code
  assert.deepEqual(findings(run).map((f) => f.split(':')[0]), ['warning untyped outputSchema.properties.value']);
  assert.match(run.stderr, /^Warning: tool "untyped"/m);
});
