// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// What the model behind GitHub Copilot CLI receives from our tools, connected by Connect an
// IDE, through the whole session (scenarios.mjs; about 30 s).
import { copilotCli } from './clients.mjs';
import { clientSuite } from './scenarios.mjs';

// Copilot CLI 1.0.102 with a custom model provider (BYOK: the only way to run it without a
// GitHub account) hands its model no MCP image: vision is off for such models, with no setting
// to turn it on (github/copilot-sdk#994; shapes.test.mjs pins it for every result shape). The
// model reads the text, which says a figure was made.
const NO_IMAGES_WITH_BYOK = 'Copilot CLI gives a custom-provider model no MCP image (github/copilot-sdk#994)';
const known = {
  'plotIsolated: the figure reaches the model as an image': NO_IMAGES_WITH_BYOK,
  'plotSandbox: the figure reaches the model as an image': NO_IMAGES_WITH_BYOK,
};

clientSuite(copilotCli, known);
