// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The OpenAI Responses API as Codex calls it through a custom model provider (wire_api =
// "responses"): POST /v1/responses with stream: true (SSE: response.created,
// response.output_item.added/done, response.completed), GET /v1/models.
import { json, matchTool, sse } from './fakemodel.mjs';

const STEP_ID = /^call_hopx_(\d+)$/;

// Every tool name the request offers; Codex may group MCP tools in a namespace
// ({ type: "namespace", name: "mcp__hopx", tools: [...] }) and then calls them by the inner name.
function toolNames(tools, prefix = '') {
  const names = [];
  for (const t of tools ?? []) {
    if (Array.isArray(t.tools)) names.push(...toolNames(t.tools, `${t.name ?? ''}`));
    else if (t.name) names.push(prefix ? `${prefix}\u0000${t.name}` : t.name);
    else if (t.function?.name) names.push(t.function.name);
  }
  return names;
}

function history(input) {
  const calls = [];
  const results = new Map();
  for (const item of Array.isArray(input) ? input : []) {
    if (item.type === 'function_call' && STEP_ID.test(item.call_id)) {
      let args = item.arguments;
      try { args = JSON.parse(args); } catch { /* keep the text */ }
      calls[Number(STEP_ID.exec(item.call_id)[1])] = { name: item.name, input: args, id: item.call_id };
    }
    if (item.type === 'function_call_output') results.set(item.call_id, item);
  }
  return calls.filter(Boolean).map((c) => ({ ...c, raw: results.get(c.id) ?? null }));
}

function respond(res, body, say) {
  const id = `resp_fake_${Math.random().toString(36).slice(2, 10)}`;
  let item;
  if (say.tool) {
    const [namespace, name] = say.tool.includes('\u0000') ? say.tool.split('\u0000') : [null, say.tool];
    item = { type: 'function_call', id: `fc_${say.id}`, call_id: say.id, name, arguments: JSON.stringify(say.input),
      status: 'completed', ...(namespace ? { namespace } : {}) };
  } else {
    item = { type: 'message', id: `msg_${id}`, role: 'assistant', status: 'completed',
      content: [{ type: 'output_text', text: say.text, annotations: [] }] };
  }
  const usage = { input_tokens: 100, input_tokens_details: { cached_tokens: 0 }, output_tokens: 20,
    output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 120 };
  const response = { id, object: 'response', created_at: Math.floor(Date.now() / 1000), status: 'completed',
    model: body?.model ?? 'gpt-fake', output: [item], usage };
  if (!body?.stream) return json(res, 200, response);
  const send = sse(res);
  send('response.created', { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } });
  send('response.output_item.added', { type: 'response.output_item.added', output_index: 0, item });
  send('response.output_item.done', { type: 'response.output_item.done', output_index: 0, item });
  send('response.completed', { type: 'response.completed', response });
  res.end();
}

export const openai = {
  name: 'openai-responses',
  handle(model, entry, res) {
    const path = entry.url.split('?')[0];
    if (entry.method === 'GET' && path.endsWith('/models')) {
      return json(res, 200, { object: 'list', data: [{ id: 'gpt-fake', object: 'model', owned_by: 'test' }], models: [] });
    }
    if (entry.method !== 'POST' || !path.endsWith('/responses')) {
      return json(res, 404, { error: { message: `no ${entry.method} ${path}`, type: 'not_found' } });
    }
    const body = entry.body;
    const names = toolNames(body.tools);
    let say;
    if (!names.some((n) => /hopx/.test(n))) {
      say = { text: 'OK' }; // a side request (title, compaction): not the main loop
    } else {
      say = model.next(entry, history(body.input), (bare) => matchTool(names, bare));
      if (say.tool) say.id = `call_hopx_${say.step}`;
    }
    return respond(res, body, say);
  },

  // What the model read in one function_call_output: a string, or input_text / input_image items.
  view(raw) {
    const texts = [];
    const images = [];
    const items = typeof raw.output === 'string' ? [{ type: 'input_text', text: raw.output }] : (raw.output ?? []);
    for (const c of items) {
      if (c.type === 'input_text' || c.type === 'output_text') texts.push(c.text);
      else if (c.type === 'input_image') {
        const m = /^data:([^;]+);base64,(.*)$/s.exec(c.image_url ?? '');
        images.push({ mediaType: m?.[1], base64: m?.[2] ?? '' });
      } else texts.push(JSON.stringify(c));
    }
    return { texts, images, isError: null };
  },
};
