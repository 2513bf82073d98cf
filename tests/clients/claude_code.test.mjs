// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// What the model behind Claude Code receives from our tools: see scenarios.mjs.
import { claudeCode } from './clients.mjs';
import { clientSuite } from './scenarios.mjs';

// Claude Code hands its model JSON.stringify(structuredContent) in place of our content text,
// and our structuredContent.rich_outputs carries each figure's PNG as base64 (issue 12, item 2).
const STRINGIFIED = 'known failure (issue 12 item 2): structuredContent.rich_outputs carries the PNG as base64, '
  + 'and Claude Code passes the stringified structuredContent to its model';
clientSuite(claudeCode, {
  'plotIsolated: no base64 inside the text the model reads': STRINGIFIED,
  'plotIsolated: a 1-line print with one plot costs a few hundred characters of text': STRINGIFIED,
  'plotSandbox: no base64 inside the text the model reads': STRINGIFIED,
  'plotSandbox: a 1-line print with one plot costs a few hundred characters of text': STRINGIFIED,
});
