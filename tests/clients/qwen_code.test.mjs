// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// What the model behind Qwen Code receives from our tools, connected by Connect an IDE: see
// scenarios.mjs.
import { qwenCode } from './clients.mjs';
import { clientSuite, SHORT } from './scenarios.mjs';

clientSuite(qwenCode, {}, { keys: SHORT });
