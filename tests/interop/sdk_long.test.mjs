// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Long-running sandbox work through the official SDK client, over stdio (hopx-mcp) and
// Streamable HTTP against one app: progress that outlives a request timeout, tasks, and
// cancellation that reaches the sandbox. Everything runs concurrently, so the file takes
// about one job's length (JOB_SECONDS) rather than the sum of them.
import { describe, before, after } from 'node:test';
import { startHttpApp, connectStdio, connectHttp, bwrapMissing } from './harness.mjs';
import { longRunningSuite } from './suites.mjs';

let app;
describe('long-running sandbox work', { concurrency: true, skip: bwrapMissing }, () => {
  before(async () => { app = await startHttpApp(); });
  after(async () => { await app?.stop(); });
  longRunningSuite('stdio', () => connectStdio(app, 'long-stdio'));
  longRunningSuite('http', async () => (await connectHttp(app.endpoint, undefined, 'long-http')).client);
});
