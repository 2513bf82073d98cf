// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// What the model behind Codex receives from our tools: see scenarios.mjs.
import { codex } from './clients.mjs';
import { clientSuite } from './scenarios.mjs';

clientSuite(codex);
