// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// What the model behind Claude Code receives from our tools: see scenarios.mjs.
import { claudeCode } from './clients.mjs';
import { clientSuite } from './scenarios.mjs';

clientSuite(claudeCode);
