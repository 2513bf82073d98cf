// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Test cases that must hold on every transport. Each suite takes a factory that returns a
// connected official SDK client (stdio through hopx-mcp, or Streamable HTTP), so one body
// of assertions covers both.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Progress and cancellation with the conformance fixtures (--conformance-fixtures).
// `client` returns the file's connected client.
export function progressAndCancelCases(client) {
  test('progress notifications arrive in order before the result', async () => {
    const seen = [];
    const result = await client().callTool(
      { name: 'test_tool_with_progress', arguments: { steps: 5, delay_ms: 30 } },
      undefined,
      { onprogress: (p) => seen.push(p.progress) },
    );
    assert.equal(result.content[0].text, 'Progress complete');
    // The SDK dispatches notifications a microtask later than responses, so the progress sent
    // in the same instant as the result may land after the handler is gone (the wire order is
    // checked in tst_mcpsession). The earlier ones must all be there.
    assert.ok(seen.length >= 4, `saw ${seen.length} progress notifications`);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i] > seen[i - 1], 'strictly increasing');
  });

  test('cancelling a call stops it and the session keeps working', async () => {
    const controller = new AbortController();
    const seen = [];
    const pending = client().callTool(
      { name: 'test_tool_with_progress', arguments: { steps: 1000, delay_ms: 20 } },
      undefined,
      { signal: controller.signal, onprogress: (p) => seen.push(p.progress) },
    );
    await sleep(200);
    controller.abort('user pressed stop');
    await assert.rejects(pending, /user pressed stop|abort|cancel/i);
    const countAtCancel = seen.length;
    await sleep(300);
    // No progress for the cancelled call after the cancellation reached the server.
    assert.ok(seen.length <= countAtCancel + 1, `progress stopped (${countAtCancel} → ${seen.length})`);
    assert.deepEqual(await client().ping(), {});
    const again = await client().callTool({ name: 'test_simple_text' });
    assert.equal(again.content[0].text, 'This is a simple text response for testing.');
  });
}
