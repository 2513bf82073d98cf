// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// What the model behind Gemini CLI receives from our tools: see scenarios.mjs.
import { geminiCli } from './clients.mjs';
import { clientSuite } from './scenarios.mjs';

clientSuite(geminiCli);
