// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The Anthropic Messages API as Claude Code calls it: POST /v1/messages with stream: true (SSE:
// message_start, content_block_start/delta/stop, message_delta, message_stop), and
// POST /v1/messages/count_tokens. Claude Code defers MCP tools behind ToolSearch: while a tool
// is not loaded yet, the model first selects it, as a real model does.
import { json, matchTool, sse } from './fakemodel.mjs';

const STEP_ID = /^toolu_hopx_(\d+)$/;

function blocks(content) {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : (content ?? []);
}

// Our earlier calls in this conversation and the tool_result block the client sent for each.
function history(messages) {
  const calls = [];
  const results = new Map();
  for (const m of messages ?? []) {
    for (const b of blocks(m.content)) {
      if (m.role === 'assistant' && b.type === 'tool_use' && STEP_ID.test(b.id)) {
        calls[Number(STEP_ID.exec(b.id)[1])] = { name: b.name, input: b.input, id: b.id };
      }
      if (m.role === 'user' && b.type === 'tool_result') results.set(b.tool_use_id, b);
    }
  }
  return calls.filter(Boolean).map((c) => ({ ...c, raw: results.get(c.id) ?? null }));
}

// Tools that are loaded (callable now), all tools named, and whether ToolSearch can load one.
function offered(body) {
  const tools = body.tools ?? [];
  // A deferred tool is sent with its schema (defer_loading) once a ToolSearch loaded it.
  const loaded = tools.map((t) => t.name);
  // Deferred tools are named only in the prompt's text ("available via ToolSearch: …").
  const named = JSON.stringify([body.system, body.messages]).match(/mcp__[A-Za-z0-9_-]+/g) ?? [];
  const all = [...new Set([...tools.map((t) => t.name), ...named])];
  return { loaded, all, search: loaded.includes('ToolSearch') };
}

// The reply as a Messages API response: one text or one tool_use block.
function reply(body, say) {
  const id = `msg_fake_${Math.random().toString(36).slice(2, 10)}`;
  const usage = { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const block = say.tool
    ? { type: 'tool_use', id: say.id, name: say.tool, input: say.input }
    : { type: 'text', text: say.text };
  return {
    id, type: 'message', role: 'assistant', model: body.model ?? 'claude-fake',
    content: [block], stop_reason: say.tool ? 'tool_use' : 'end_turn', stop_sequence: null, usage,
  };
}

function stream(res, message) {
  const send = sse(res);
  const { content, ...head } = message;
  send('message_start', { type: 'message_start', message: { ...head, content: [], stop_reason: null,
    usage: { ...message.usage, output_tokens: 1 } } });
  content.forEach((b, index) => {
    if (b.type === 'tool_use') {
      send('content_block_start', { type: 'content_block_start', index, content_block: { ...b, input: {} } });
      send('content_block_delta', { type: 'content_block_delta', index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(b.input) } });
    } else {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: b.text } });
    }
    send('content_block_stop', { type: 'content_block_stop', index });
  });
  send('message_delta', { type: 'message_delta', delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { output_tokens: message.usage.output_tokens } });
  send('message_stop', { type: 'message_stop' });
  res.end();
}

export const anthropic = {
  name: 'anthropic',
  handle(model, entry, res) {
    const path = entry.url.split('?')[0];
    if (entry.method === 'POST' && path.endsWith('/v1/messages/count_tokens')) {
      return json(res, 200, { input_tokens: Math.ceil(JSON.stringify(entry.body ?? '').length / 4) });
    }
    if (entry.method !== 'POST' || !path.endsWith('/v1/messages')) {
      return json(res, 404, { type: 'error', error: { type: 'not_found_error', message: `no ${entry.method} ${path}` } });
    }
    const body = entry.body;
    const tools = offered(body);
    let say;
    if (!tools.all.some((n) => /hopx/.test(n)) && !tools.search) {
      say = { text: 'OK' }; // a side request (title, summary, quota probe): not the main loop
    } else {
      say = model.next(entry, history(body.messages), (bare) => matchTool(tools.all, bare));
      if (say.tool && !tools.loaded.includes(say.tool) && tools.search) {
        say = { tool: 'ToolSearch', input: { query: `select:${say.tool}`, max_results: 5 },
          id: `toolu_search_${say.step}_${model.requests.length}` };
      } else if (say.tool) {
        say.id = `toolu_hopx_${say.step}`;
      }
    }
    const message = reply(body, say);
    if (body.stream) return stream(res, message);
    return json(res, 200, message);
  },

  // What the model read in one tool_result block: its texts and its images.
  view(raw) {
    const texts = [];
    const images = [];
    for (const b of blocks(raw.content)) {
      if (b.type === 'text') texts.push(b.text);
      else if (b.type === 'image') images.push({ mediaType: b.source?.media_type, base64: b.source?.data ?? '' });
      else texts.push(JSON.stringify(b));
    }
    return { texts, images, isError: raw.is_error === true };
  },
};
