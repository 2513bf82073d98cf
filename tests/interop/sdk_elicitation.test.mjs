// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The official SDK client as a user who is asked before a local sandbox gets internet access
// (elicitation/create), and as a client that cannot be asked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, connectStdio, sdk } from './harness.mjs';

let app;
let asking; // declares elicitation; answers with `answer`
let plain; // declares nothing
let answer = null;
const questions = [];

before(async () => {
  app = await startApp();
  const { ElicitRequestSchema } = await sdk('types.js');
  asking = await connectStdio(app, 'elicit-interop', { capabilities: { elicitation: {} } }, (client) => {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      questions.push(request.params);
      return answer;
    });
  });
  plain = await connectStdio(app, 'plain-interop');
});
after(async () => {
  await asking?.close();
  await plain?.close();
  await app?.stop();
});

async function localCount(client) {
  const r = await client.callTool({ name: 'list_sandboxes', arguments: { provider: 'local' } });
  return r.structuredContent.count;
}

function skipWithoutNetworking(t, result) {
  const text = JSON.stringify(result);
  if (result.isError && /slirp4netns|\/dev\/net\/tun/.test(text)) {
    t.skip('slirp4netns or /dev/net/tun is not usable here');
    return true;
  }
  return false;
}

test('accept: the user is asked once, then the sandbox has internet access', async (t) => {
  answer = { action: 'accept', content: { allow: true } };
  questions.length = 0;
  const result = await asking.callTool({ name: 'create_sandbox', arguments: { internet_access: true } });
  assert.equal(questions.length, 1);
  assert.match(questions[0].message, /Allow sandbox internet access\?/);
  assert.equal(questions[0].requestedSchema.properties.allow.type, 'boolean');
  if (skipWithoutNetworking(t, result)) return;
  assert.notEqual(result.isError, true, JSON.stringify(result));
  assert.equal(result.structuredContent.internet_access, true);
  await asking.callTool({ name: 'delete_sandbox', arguments: { id: result.structuredContent.id } });
});

test('decline: an isError result and no sandbox', async () => {
  answer = { action: 'decline' };
  questions.length = 0;
  const before = await localCount(asking);
  const result = await asking.callTool({ name: 'create_sandbox', arguments: { internet_access: true } });
  assert.equal(questions.length, 1);
  assert.equal(result.isError, true);
  assert.match(JSON.stringify(result.content), /declined/);
  assert.equal(await localCount(asking), before);
});

test('no question without internet_access', async () => {
  questions.length = 0;
  const result = await asking.callTool({ name: 'create_sandbox', arguments: {} });
  assert.notEqual(result.isError, true, JSON.stringify(result));
  assert.equal(questions.length, 0);
  await asking.callTool({ name: 'delete_sandbox', arguments: { id: result.structuredContent.id } });
});

test('a client without elicitation gets the sandbox as before', async (t) => {
  questions.length = 0;
  const result = await plain.callTool({ name: 'create_sandbox', arguments: { internet_access: true } });
  assert.equal(questions.length, 0);
  if (skipWithoutNetworking(t, result)) return;
  assert.notEqual(result.isError, true, JSON.stringify(result));
  assert.equal(result.structuredContent.internet_access, true);
  await plain.callTool({ name: 'delete_sandbox', arguments: { id: result.structuredContent.id } });
});
