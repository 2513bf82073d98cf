// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The Gemini API as Gemini CLI calls it with GOOGLE_GEMINI_BASE_URL: POST
// /v1beta/models/M:streamGenerateContent?alt=sse (SSE of GenerateContentResponse chunks),
// :generateContent (side questions such as "who speaks next", answered as JSON) and :countTokens.
import { json, matchTool, sse } from './fakemodel.mjs';

function declared(tools) {
  return (tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((f) => f.name));
}

// Our calls in order (every functionCall the model made), each with the user turn that answered it:
// its functionResponse part plus any parts after it (images travel as inlineData parts).
function history(contents) {
  const calls = [];
  (contents ?? []).forEach((c, i) => {
    if (c.role !== 'model') return;
    for (const p of c.parts ?? []) {
      if (!p.functionCall) continue;
      const answer = (contents[i + 1]?.role === 'user' ? contents[i + 1].parts : null) ?? null;
      const at = answer?.findIndex((q) => q.functionResponse && q.functionResponse.name === p.functionCall.name);
      calls.push({ name: p.functionCall.name, input: p.functionCall.args,
        raw: answer && at >= 0 ? { parts: answer.slice(at) } : null });
    }
  });
  return calls;
}

function candidate(parts) {
  return { candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 }, modelVersion: 'gemini-fake' };
}

export const gemini = {
  name: 'gemini',
  handle(model, entry, res) {
    const path = entry.url.split('?')[0];
    const body = entry.body ?? {};
    if (path.endsWith(':countTokens')) return json(res, 200, { totalTokens: 100 });
    if (path.endsWith(':generateContent')) {
      // Side questions (next speaker, loop check, routing) want JSON back: the user speaks next.
      return json(res, 200, candidate([{ text: JSON.stringify({ reasoning: 'The answer is complete.', next_speaker: 'user' }) }]));
    }
    if (!path.endsWith(':streamGenerateContent')) {
      return json(res, 404, { error: { code: 404, message: `no ${entry.method} ${path}`, status: 'NOT_FOUND' } });
    }
    const names = declared(body.tools);
    let parts;
    if (!names.some((n) => /hopx|execute_code/.test(n))) {
      parts = [{ text: 'OK' }];
    } else {
      const say = model.next(entry, history(body.contents), (bare) => matchTool(names, bare));
      parts = say.tool ? [{ functionCall: { name: say.tool, args: say.input } }] : [{ text: say.text }];
    }
    const send = sse(res);
    send(null, candidate(parts));
    res.end();
  },

  // What the model read: the functionResponse's response (and any nested parts), and inlineData.
  view(raw) {
    const texts = [];
    const images = [];
    const visit = (p) => {
      if (p.functionResponse) {
        const r = p.functionResponse.response ?? {};
        const keys = Object.keys(r);
        if (keys.length === 1 && typeof r[keys[0]] === 'string') texts.push(r[keys[0]]);
        else texts.push(JSON.stringify(r));
        (p.functionResponse.parts ?? []).forEach(visit);
      } else if (p.inlineData) {
        images.push({ mediaType: p.inlineData.mimeType, base64: p.inlineData.data ?? '' });
      } else if (typeof p.text === 'string') {
        texts.push(p.text);
      }
    };
    raw.parts.forEach(visit);
    return { texts, images, isError: null };
  },
};
