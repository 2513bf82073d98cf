// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// What the model behind Cline (its CLI) receives from our tools, connected by Connect an IDE:
// see scenarios.mjs.
import { cline } from './clients.mjs';
import { clientSuite, SHORT } from './scenarios.mjs';

// Cline 3.0.65 hands its model the whole CallToolResult as JSON text (content, image base64
// and structuredContent), cut in the middle to 8,000 characters: a figure never reaches the
// model as an image, and its base64 fills the text.
const WHOLE_RESULT_AS_TEXT = 'Cline passes the whole result as JSON text, cut to 8,000 characters';
const known = {};
for (const key of ['plotIsolated', 'plotSandbox']) {
  for (const title of ['the figure reaches the model as an image', 'no base64 inside the text the model reads',
    'a 1-line print with one plot costs a few hundred characters of text']) known[`${key}: ${title}`] = WHOLE_RESULT_AS_TEXT;
}

clientSuite(cline, known, { keys: SHORT });
