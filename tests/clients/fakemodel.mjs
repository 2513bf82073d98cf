// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// A scripted model on 127.0.0.1 that speaks a real client's model API (Anthropic Messages, OpenAI
// Responses, Gemini generateContent), all with SSE streaming. It logs every request, answers each
// turn of the client's main loop with the next scripted call to one of our tools, and keeps, for
// every step, the tool result exactly as the client handed it back to its model.
import http from 'node:http';

// One step of a script: { tool: 'execute_code', input: (done) => ({...}) } calls a tool (input may
// read earlier steps' results, e.g. a sandbox id); { text } ends the turn with a final answer.
export class ScriptedModel {
  constructor(dialect, script) {
    this.dialect = dialect;
    this.script = script;
    this.requests = []; // every request the client sent: { method, url, headers, body }
    this.steps = []; // steps[k] = { name, input, raw, seen } once the client reported step k's result
    this.unknownTools = [];
    this.scriptErrors = [];
    this.server = http.createServer((req, res) => this.#serve(req, res));
  }

  async listen() {
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${this.server.address().port}`;
    return this.url;
  }

  close() {
    this.server.closeAllConnections?.();
    return new Promise((resolve) => this.server.close(resolve));
  }

  // The model's main-loop requests (those that offered our tools), oldest first.
  mainRequests() {
    return this.requests.filter((r) => r.main);
  }

  async #serve(req, res) {
    let text = '';
    for await (const chunk of req) text += chunk;
    let body = null;
    try { body = text ? JSON.parse(text) : null; } catch { body = text; }
    const entry = { method: req.method, url: req.url, headers: req.headers, body, at: Date.now() };
    this.requests.push(entry);
    try {
      this.dialect.handle(this, entry, res);
    } catch (e) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'fake_model_error', message: String(e?.stack ?? e) } }));
    }
  }

  // The next thing the model says, given the calls it made so far (from the request's history).
  // `calls` = [{ name, input, raw }] (raw: the tool result item, or null), in order; `has(tool)`
  // returns the tool's exact name in this request's tool list, or null.
  next(entry, calls, has) {
    entry.main = true;
    calls.forEach((call, k) => {
      if (call.raw !== null && call.raw !== undefined && !this.steps[k]) {
        this.steps[k] = { name: call.name, input: call.input, raw: call.raw, seen: this.requests.length - 1 };
      }
    });
    const k = calls.length;
    const step = this.script[k] ?? { text: 'Done.' };
    if (step.text !== undefined) return { text: step.text };
    let input = step.input;
    try {
      if (typeof input === 'function') input = input(this.steps, this);
    } catch (e) {
      // An earlier step did not give what this one needs (e.g. no sandbox id): stop the script.
      this.scriptErrors.push(`step ${k} (${step.tool}): ${e.message}`);
      return { text: `Cannot go on: ${e.message}` };
    }
    const name = has(step.tool);
    if (!name) {
      this.unknownTools.push(step.tool);
      return { text: `The tool ${step.tool} is not offered.`, missing: step.tool };
    }
    return { tool: name, input, step: k };
  }
}

// The exact name a client gave one of our tools: "execute_code", "mcp__hopx__execute_code",
// "hopx_execute_code", "hopx-execute_code" (Copilot CLI), or "execute_code" inside a namespace
// ("mcp__hopx\u0000execute_code").
// The closest match wins: "files" must not find "mcp__hopx__host_files".
export function matchTool(names, bare) {
  return names.find((n) => n === bare)
      ?? names.find((n) => n.endsWith(`__${bare}`) || n.endsWith(`\u0000${bare}`))
      ?? names.find((n) => n === `hopx_${bare}` || n.endsWith(`_hopx_${bare}`) || n === `hopx-${bare}`)
      ?? names.filter((n) => n.endsWith(`_${bare}`) && /hopx/.test(n)).sort((a, b) => a.length - b.length)[0]
      ?? null;
}

export function sse(res) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  return (event, data) => {
    if (event) res.write(`event: ${event}\n`);
    res.write(`data: ${JSON.stringify(data)}\n\n`);
  };
}

export function json(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}
