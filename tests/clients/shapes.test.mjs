// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// What each real client hands its model for each shape of a plot result (shapes-server.mjs):
// the facts the execution tools' result shape rests on (issue 12, item 2).
// A pinned client version that changes one of these facts fails here, naming the fact, so the
// shape can be revisited when a client is upgraded. Run as: node shapes.test.mjs <client>.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { cannotRun, runClient } from './harness.mjs';
import { received } from './scenarios.mjs';
import { LINK, SHAPES } from './shapes-server.mjs';
import * as clients from './clients.mjs';

const client = clients[process.argv[2]];
if (!client) throw new Error(`usage: shapes.test.mjs ${Object.keys(clients).filter((k) => clients[k].bin).join('|')}`);
const why = cannotRun(client);
if (why) {
  console.log(`SKIP ${client.name}: ${why}`);
  process.exit(77);
}

// Per client: which field its model reads when structuredContent is present, whether the image
// still arrives then, whether it accepts a result without structuredContent from a tool
// that declares an outputSchema, and whether it shows its model a resource_link item (those that
// do not drop it: file_read's link must also be in its JSON text and structuredContent).
const FACTS = {
  claude: { readsWithStructured: 'structured-content', imageWithStructured: true, acceptsSchemaWithout: true, showsLink: true },
  codex: { readsWithStructured: 'structured-content', imageWithStructured: false, acceptsSchemaWithout: true, showsLink: false },
  gemini: { readsWithStructured: 'content-text', imageWithStructured: true, acceptsSchemaWithout: true, showsLink: true },
  opencode: { readsWithStructured: 'content-text', imageWithStructured: true, acceptsSchemaWithout: false, showsLink: false },
  // With a custom model provider (BYOK, as here) Copilot CLI hands its model no MCP image at all:
  // vision is off for such models (github/copilot-sdk#994). Beside structuredContent it gives
  // the content text and then the stringified structuredContent.
  copilot: { readsWithStructured: 'structured-content', imageWithStructured: false, acceptsSchemaWithout: true, showsLink: false,
    passesImages: false },
}[client.bin];
const IMAGES = FACTS.passesImages === false ? 0 : 1;

const NAMES = Object.keys(SHAPES);
describe(`${client.name}: what the model reads for each result shape`, () => {
  let seen;
  before(async () => {
    const server = { command: process.execPath, args: [fileURLToPath(new URL('./shapes-server.mjs', import.meta.url)),
      process.env.HOPX_NODE_DIR], env: {} };
    const script = [...NAMES.map((tool) => ({ tool, input: {} })), { text: 'Done.' }];
    const run = await runClient(client, script, { prompt: 'Plot.', toolTimeoutMs: 20000, server });
    assert.deepEqual(run.model.unknownTools, [], run.stderr.slice(-2000));
    seen = Object.fromEntries(NAMES.map((n, k) => [n, received(client.dialect, run.model.steps[k])]));
    for (const n of NAMES) {
      const r = seen[n];
      console.log(`# ${n}: ${r ? `${r.textChars} chars, ${r.images.length} image(s), "${r.text.replace(/\s+/g, ' ').slice(0, 120)}"` : 'nothing'}`);
    }
    // What the client said, when its model saw none of the results.
    if (NAMES.every((n) => !seen[n])) console.log(`# client exit ${run.exitCode}, stderr:\n${run.stderr.slice(-2000)}`);
  });

  test(`content only, no outputSchema: the model reads our text and ${IMAGES ? 'gets' : 'does not get'} the image`, () => {
    const r = seen.shape_content_only;
    assert.match(r.text, /content-text/);
    assert.equal(r.images.length, IMAGES);
  });

  test(`structuredContent present: the model reads the ${FACTS.readsWithStructured} and ${FACTS.imageWithStructured ? 'gets' : 'does not get'} the image`, () => {
    const r = seen.shape_structured;
    assert.match(r.text, new RegExp(FACTS.readsWithStructured));
    assert.equal(r.images.length > 0, FACTS.imageWithStructured, JSON.stringify(r));
  });

  test(`a resource_link: the client ${FACTS.showsLink ? 'shows' : 'drops'} it; so the uri must be in the ${FACTS.readsWithStructured}`, () => {
    const r = seen.shape_resource_link;
    assert.equal(/resource link/i.test(r.text), FACTS.showsLink, r.text);
    assert.match(r.text, new RegExp(FACTS.readsWithStructured));
    if (FACTS.readsWithStructured === 'structured-content') assert.ok(r.text.includes(LINK.uri), r.text);
  });

  test(`outputSchema without structuredContent: the client ${FACTS.acceptsSchemaWithout ? 'accepts' : 'rejects'} the result`, () => {
    const r = seen.shape_schema_without_structured;
    if (FACTS.acceptsSchemaWithout) {
      assert.match(r.text, /content-text/);
      assert.equal(r.images.length, IMAGES);
    } else {
      assert.match(r.text, /output schema|structured content/i);
      assert.equal(r.images.length, 0);
    }
  });
});
