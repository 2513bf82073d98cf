// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// What the model behind opencode receives from our tools: see scenarios.mjs.
import { opencode } from './clients.mjs';
import { clientSuite } from './scenarios.mjs';

clientSuite(opencode);
