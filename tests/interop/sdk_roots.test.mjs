// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The official SDK client as an IDE with a project root (roots/list) whose user is asked
// (elicitation/create): the "Work with your files" flow of the README, end to end through
// hopx-mcp, and the same flow declined; then the 2026-07-28 era, where the same questions
// travel as input requests (input_required results the SDK answers and retries).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, basename } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { startApp, connectStdio, sdk, binDir, nodeDir, sanitizerEnv } from './harness.mjs';

let app;
let ide;
let answer = { action: 'accept', content: { allow: true } };
const questions = [];
const project = mkdtempSync(join(tmpdir(), 'hopx-sdk-project-'));
writeFileSync(join(project, 'data.csv'), 'city,temp\nParis,11\nOslo,4\nRome,16\n');

before(async () => {
  app = await startApp();
  const { ElicitRequestSchema, ListRootsRequestSchema } = await sdk('types.js');
  ide = await connectStdio(app, 'roots-interop', { capabilities: { roots: {}, elicitation: {} } }, (client) => {
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: [{ uri: pathToFileURL(project).href, name: basename(project) }],
    }));
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      questions.push(request.params.message);
      return answer;
    });
  });
});
after(async () => {
  await ide?.close();
  await app?.stop();
  rmSync(project, { recursive: true, force: true });
});

const call = (name, args) => ide.callTool({ name, arguments: args });

test('the project is read in the sandbox and the summary saved next to its data', async () => {
  const created = await call('create_sandbox', { mount_roots: true });
  assert.notEqual(created.isError, true, JSON.stringify(created));
  assert.equal(questions.length, 1);
  assert.match(questions[0], /read your folder/);
  const id = created.structuredContent.id;
  const at = created.structuredContent.mounted_roots[0].path;
  assert.equal(at, `/project/${basename(project)}`);
  const ran = await call('execute_code', {
    sandbox_id: id,
    code: `import pandas as pd\ndf = pd.read_csv("${at}/data.csv")\n`
      + 'df.agg({"temp": ["mean", "max"]}).to_csv("/workspace/summary.csv")\nprint(len(df))\n',
  });
  assert.notEqual(ran.isError, true, JSON.stringify(ran));
  assert.match(JSON.stringify(ran.structuredContent), /3/);
  const saved = await call('file_download', {
    sandbox_id: id, path: '/workspace/summary.csv', host_path: join(project, 'summary.csv'),
  });
  assert.notEqual(saved.isError, true, JSON.stringify(saved));
  assert.equal(questions.length, 2);
  assert.match(questions[1], /write into your folder/);
  assert.match(readFileSync(join(project, 'summary.csv'), 'utf8'), /mean,10\.3/);
  await call('delete_sandbox', { id });
});

test('declined: isError, nothing mounted, nothing written', async () => {
  const before = readdirSync(project).sort();
  answer = { action: 'decline' };
  const sandbox = (await call('create_sandbox', {})).structuredContent.id;
  const saved = await call('file_download', {
    sandbox_id: sandbox, path: '/etc/hostname', host_path: join(project, 'hostname'),
  });
  assert.equal(saved.isError, true);
  assert.match(JSON.stringify(saved), /did not allow/);
  assert.deepEqual(readdirSync(project).sort(), before);
  const seen = await call('run_command', { sandbox_id: sandbox, command: 'ls /project 2>&1; true' });
  assert.match(JSON.stringify(seen.structuredContent), /No such file/);
  await call('delete_sandbox', { id: sandbox });
  answer = { action: 'accept', content: { allow: true } };
});

// The modern SDK client, pinned to 2026-07-28: the server sends it no requests; roots/list and
// the consent question come back as input requests, which the SDK hands to these handlers.
async function connectModern(questionsSeen, reply) {
  const require = createRequire(join(nodeDir, 'package.json'));
  const v2 = (path) => import(pathToFileURL(require.resolve(`@modelcontextprotocol/client${path}`)).href);
  const { Client } = await v2('');
  const { StdioClientTransport } = await v2('/stdio');
  const client = new Client({ name: 'roots-interop-modern', version: '1.0.0' },
    { capabilities: { roots: {}, elicitation: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } } });
  client.setRequestHandler('roots/list', async () => ({
    roots: [{ uri: pathToFileURL(project).href, name: basename(project) }],
  }));
  client.setRequestHandler('elicitation/create', async (request) => {
    questionsSeen.push(request.params.message);
    return reply();
  });
  await client.connect(new StdioClientTransport({
    command: join(binDir, 'hopx-mcp'), args: ['--no-launch'],
    env: { HOPX_MCP_SOCKET: app.socket, PATH: process.env.PATH ?? '/usr/bin:/bin', ...sanitizerEnv() }, stderr: 'inherit',
  }));
  return client;
}

test('2026-07-28: consent through input requests, accepted and declined', async () => {
  const seen = [];
  let modernAnswer = { action: 'accept', content: { allow: true } };
  const modern = await connectModern(seen, () => modernAnswer);
  try {
    const mcall = (name, args) => modern.callTool({ name, arguments: args });
    const created = await mcall('create_sandbox', { mount_roots: true });
    assert.notEqual(created.isError, true, JSON.stringify(created));
    const id = created.structuredContent.id;
    assert.equal(created.structuredContent.mounted_roots[0].path, `/project/${basename(project)}`);
    const ran = await mcall('run_command', {
      sandbox_id: id, command: `wc -l < /project/${basename(project)}/data.csv > /workspace/lines.txt`,
    });
    assert.notEqual(ran.isError, true, JSON.stringify(ran));
    const saved = await mcall('file_download', {
      sandbox_id: id, path: '/workspace/lines.txt', host_path: join(project, 'lines.txt'),
    });
    assert.notEqual(saved.isError, true, JSON.stringify(saved));
    assert.ok(seen.some((q) => /write into your folder/.test(q)), JSON.stringify(seen));
    assert.equal(readFileSync(join(project, 'lines.txt'), 'utf8').trim(), '4');

    modernAnswer = { action: 'decline' };
    const before = readdirSync(project).sort();
    const refused = await mcall('file_download', {
      sandbox_id: id, path: '/workspace/lines.txt', host_path: join(project, 'again.txt'),
    });
    assert.equal(refused.isError, true, JSON.stringify(refused));
    assert.match(JSON.stringify(refused), /did not allow/);
    assert.deepEqual(readdirSync(project).sort(), before);
    await mcall('delete_sandbox', { id });
  } finally {
    await modern.close();
    rmSync(join(project, 'lines.txt'), { force: true });
  }
});
