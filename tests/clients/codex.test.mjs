// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// What the model behind Codex receives from our tools: see scenarios.mjs.
import { codex } from './clients.mjs';
import { clientSuite } from './scenarios.mjs';

// Codex gives its model an image only for a result without structuredContent; otherwise the
// stringified structuredContent, whose rich_outputs carry the PNG as base64 (issue 12, item 2).
const NO_IMAGE = 'known failure (issue 12 item 2): Codex passes an image only when a result has no '
  + 'structuredContent, and gives its model the stringified structuredContent instead';
const STRINGIFIED = 'known failure (issue 12 item 2): structuredContent.rich_outputs carries the PNG as base64, '
  + 'and Codex passes the stringified structuredContent to its model';
clientSuite(codex, {
  'plotIsolated: the figure reaches the model as an image': NO_IMAGE,
  'plotIsolated: no base64 inside the text the model reads': STRINGIFIED,
  'plotIsolated: a 1-line print with one plot costs a few hundred characters of text': STRINGIFIED,
  'plotSandbox: the figure reaches the model as an image': NO_IMAGE,
  'plotSandbox: no base64 inside the text the model reads': STRINGIFIED,
  'plotSandbox: a 1-line print with one plot costs a few hundred characters of text': STRINGIFIED,
});
