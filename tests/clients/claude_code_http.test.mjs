// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// What the model behind Claude Code receives when Claude Code reaches the app over Streamable
// HTTP instead of through hopx-mcp: the short session of scenarios.mjs (plots, text, an error,
// health). Claude Code 2.1 speaks 2026-07-28 there: every POST its own request, no session.
import { claudeCodeHttp } from './clients.mjs';
import { clientSuite, SHORT } from './scenarios.mjs';

clientSuite(claudeCodeHttp, {}, { keys: SHORT });
