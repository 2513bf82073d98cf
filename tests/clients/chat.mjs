// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The OpenAI Chat Completions API as Qwen Code and Cline call it on an OpenAI-compatible base
// URL: POST /v1/chat/completions with stream: true (SSE chat.completion.chunk deltas, then
// [DONE]), GET /v1/models. A tool result comes back as a role "tool" message, which holds text
// only: a client that passes an image on puts it in a user message right after the tool
// messages. Qwen Code defers MCP tools: it names them in the prompt and offers `tool_search`
// (load a schema) and `tool_call` (call a deferred tool by name), as a real model would use them.
import { json, matchTool, sse } from './fakemodel.mjs';

const STEP_ID = /^call_hopx_(\d+)$/;

function parts(content) {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : (content ?? []);
}

function parse(text) {
  try { return JSON.parse(text); } catch { return text; }
}

// Our earlier calls and, for each, its tool message plus the user message parts that follow
// the tool messages of that turn (where images are passed on).
function history(messages) {
  const calls = [];
  const results = new Map();
  let turn = []; // the tool messages of the latest assistant turn
  for (const m of messages ?? []) {
    if (m.role === 'assistant') {
      turn = [];
      for (const c of m.tool_calls ?? []) {
        if (!STEP_ID.test(c.id)) continue;
        let input = parse(c.function?.arguments);
        if (c.function?.name === 'tool_call' && input?.name) input = input.arguments;
        calls[Number(STEP_ID.exec(c.id)[1])] = { name: c.function?.name, input, id: c.id };
      }
    } else if (m.role === 'tool') {
      const raw = { tool: m, after: [] };
      results.set(m.tool_call_id, raw);
      turn.push(raw);
    } else if (m.role === 'user') {
      for (const raw of turn) raw.after.push(...parts(m.content));
    }
  }
  return calls.filter(Boolean).map((c) => ({ ...c, raw: results.get(c.id) ?? null }));
}

// Tools callable now, every tool named (deferred ones only in the prompt's text), and the
// deferred-tool helpers offered.
function offered(body) {
  const loaded = (body.tools ?? []).map((t) => t.function?.name ?? t.name).filter(Boolean);
  const named = JSON.stringify(body.messages ?? []).match(/mcp__hopx__[A-Za-z0-9_]+/g) ?? [];
  return { loaded, all: [...new Set([...loaded, ...named])], search: loaded.includes('tool_search'),
    bridge: loaded.includes('tool_call') };
}

function searched(messages, tool) {
  return (messages ?? []).some((m) => m.role === 'assistant'
    && (m.tool_calls ?? []).some((c) => c.function?.name === 'tool_search' && c.function.arguments.includes(tool)));
}

function respond(res, body, say) {
  const id = `chatcmpl-fake-${Math.random().toString(36).slice(2, 10)}`;
  const model = body?.model ?? 'fake';
  const message = say.tool
    ? { role: 'assistant', content: null,
      tool_calls: [{ id: say.id, type: 'function', function: { name: say.tool, arguments: JSON.stringify(say.input) } }] }
    : { role: 'assistant', content: say.text };
  const finish = say.tool ? 'tool_calls' : 'stop';
  const usage = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };
  if (!body?.stream) {
    return json(res, 200, { id, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model,
      choices: [{ index: 0, message, finish_reason: finish }], usage });
  }
  const send = sse(res);
  const chunk = (delta, finishReason, extra = {}) => send(null, { id, object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra });
  chunk({ role: 'assistant', content: say.tool ? null : '' }, null);
  if (say.tool) chunk({ tool_calls: message.tool_calls.map((c, index) => ({ index, ...c })) }, null);
  else chunk({ content: say.text }, null);
  chunk({}, finish, { usage });
  res.write('data: [DONE]\n\n');
  res.end();
}

export const chat = {
  name: 'openai-chat',
  handle(model, entry, res) {
    const path = entry.url.split('?')[0];
    if (entry.method === 'GET' && path.endsWith('/models')) {
      return json(res, 200, { object: 'list', data: [{ id: model.modelName ?? 'fake', object: 'model', owned_by: 'test' }] });
    }
    if (entry.method !== 'POST' || !path.endsWith('/chat/completions')) {
      return json(res, 404, { error: { message: `no ${entry.method} ${path}`, type: 'not_found' } });
    }
    const body = entry.body;
    const tools = offered(body);
    let say;
    if (!tools.loaded.some((n) => /hopx/.test(n)) && !tools.bridge) {
      say = { text: 'OK' }; // a side request (title, memory, summary): not the main loop
    } else {
      say = model.next(entry, history(body.messages), (bare) => matchTool(tools.all, bare));
      if (say.tool && !tools.loaded.includes(say.tool) && tools.bridge) {
        say = searched(body.messages, say.tool)
          ? { tool: 'tool_call', input: { name: say.tool, arguments: say.input }, id: `call_hopx_${say.step}` }
          // One search loads every hopx tool named: a turn per tool would double the session.
          : { tool: 'tool_search', input: { query: `select:${tools.all.filter((n) => n.startsWith('mcp__hopx__')).join(',')}` },
            id: `call_search_${say.step}_${model.requests.length}` };
      } else if (say.tool) {
        say.id = `call_hopx_${say.step}`;
      }
    }
    return respond(res, body, say);
  },

  // What the model read for one call: the tool message's text, and the parts of the user
  // message after it (text and images passed on by the client).
  view(raw) {
    const texts = [];
    const images = [];
    for (const p of [...parts(raw.tool.content), ...raw.after]) {
      if (p.type === 'text') texts.push(p.text);
      else if (p.type === 'image_url') {
        const m = /^data:([^;]+);base64,(.*)$/s.exec(p.image_url?.url ?? '');
        images.push({ mediaType: m?.[1], base64: m?.[2] ?? '' });
      } else texts.push(JSON.stringify(p));
    }
    return { texts, images, isError: null };
  },
};
