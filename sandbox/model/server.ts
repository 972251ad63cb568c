// A scripted fake model server that speaks the streaming wire formats of both providers the AI
// assistant supports, so the whole loop (stream, tool call, approval, result, budget, interrupt)
// runs against real sockets and the official SDKs without network:
//   POST /v1/messages          Anthropic Messages API, `stream: true` (SSE events message_start,
//                              content_block_start/delta/stop with text and tool_use blocks,
//                              message_delta with stop_reason and usage, message_stop)
//   POST /v1/chat/completions  OpenAI chat completions, `stream: true` (chat.completion.chunk
//                              lines with content and tool_calls deltas, a usage chunk, [DONE])
// The answer is chosen from the last message, deterministically:
//   - a tool result (Anthropic tool_result block, OpenAI role `tool`): a text answer quoting it;
//   - `[[tool:NAME {json}]]` (one or more): calls those tools with those arguments;
//   - "long story": text deltas every 25 ms until the client goes away (for interrupts);
//   - "list devices": calls list_devices;
//   - anything else: a short text answer echoing the question.
// Usage is counted from the request and answer sizes (characters / 4), so it is repeatable.
// Control (no auth; bind to loopback): GET /_sandbox/requests, POST /_sandbox/reset.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface ModelSandboxRequest {
  path: string;
  auth: string | null;
  body: Record<string, unknown>;
}

export interface ModelSandbox {
  url: string;
  apiKey: string;
  /** Base URLs as each SDK wants them (Anthropic appends /v1/messages, OpenAI /chat/completions). */
  anthropicBaseUrl: string;
  openaiBaseUrl: string;
  requests: ModelSandboxRequest[];
  close(): Promise<void>;
}

type Step = { kind: 'text'; text: string } | { kind: 'tools'; calls: { name: string; input: Record<string, unknown> }[]; lead: string } | { kind: 'long' };

const TOOL_DIRECTIVE = /\[\[tool:([a-zA-Z0-9_-]{1,64})\s*(\{[\s\S]*?\})?\s*\]\]/g;
const LONG_TICK_MS = 25;
const LONG_MAX_TICKS = 4000;

const tokens = (chars: number) => Math.max(1, Math.ceil(chars / 4));

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((b: { type?: string; text?: string; content?: unknown }) => (b.type === 'text' ? (b.text ?? '') : b.type === 'tool_result' ? textOf(b.content) : '')).join('');
}

/** What the last message asks for, in provider-neutral terms. */
export function planAnswer(last: { toolResult: string | null; text: string }): Step {
  if (last.toolResult !== null) {
    const quoted = last.toolResult.replace(/\s+/g, ' ').slice(0, 400);
    return { kind: 'text', text: `The tool answered. Here is what it returned: ${quoted}` };
  }
  const calls = [...last.text.matchAll(TOOL_DIRECTIVE)].map((m) => {
    let input: Record<string, unknown>;
    try {
      input = m[2] ? (JSON.parse(m[2]) as Record<string, unknown>) : {};
    } catch {
      input = {};
    }
    return { name: m[1], input };
  });
  if (calls.length) return { kind: 'tools', calls, lead: `I will use ${calls.map((c) => c.name).join(', ')}.` };
  if (/long story/i.test(last.text)) return { kind: 'long' };
  if (/list devices/i.test(last.text)) return { kind: 'tools', calls: [{ name: 'list_devices', input: { limit: 20 } }], lead: 'Let me look at your devices.' };
  const question = last.text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return { kind: 'text', text: `Hello from the sandbox model. You asked: ${question}` };
}

/** Splits a text into word-sized deltas (each keeps its trailing space). */
function deltas(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [text];
}

function lastOfAnthropic(body: Record<string, unknown>) {
  const messages = (body.messages as { role: string; content: unknown }[] | undefined) ?? [];
  const last = messages[messages.length - 1];
  const blocks = Array.isArray(last?.content) ? (last.content as { type?: string; content?: unknown }[]) : [];
  const results = blocks.filter((b) => b.type === 'tool_result');
  // A turn with tool results and a new question (the user moved on): the question wins.
  const question = typeof last?.content === 'string' ? last.content : textOf(blocks.filter((b) => b.type === 'text'));
  return { toolResult: results.length && !question.trim() ? results.map((b) => textOf(b.content)).join('\n') : null, text: question };
}

function lastOfOpenAi(body: Record<string, unknown>) {
  const messages = (body.messages as { role: string; content: unknown }[] | undefined) ?? [];
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') {
    const results = [];
    for (let i = messages.length - 1; i >= 0 && messages[i].role === 'tool'; i--) results.unshift(textOf(messages[i].content));
    return { toolResult: results.join('\n'), text: '' };
  }
  return { toolResult: null, text: textOf(last?.content) };
}

interface Writer {
  write(text: string): boolean;
  closed: () => boolean;
  end(): void;
}

/** `tick N` deltas every 25 ms until the client goes away (or a cap); returns the characters sent. */
async function runLong(w: Writer, onDelta: (text: string) => void): Promise<number> {
  let chars = 0;
  for (let i = 1; i <= LONG_MAX_TICKS && !w.closed(); i++) {
    const text = `tick ${i} `;
    chars += text.length;
    onDelta(text);
    await new Promise((r) => setTimeout(r, LONG_TICK_MS));
  }
  return chars;
}

async function streamAnthropic(body: Record<string, unknown>, w: Writer): Promise<void> {
  const step = planAnswer(lastOfAnthropic(body));
  const inputTokens = tokens(JSON.stringify(body.messages ?? []).length + String(body.system ?? '').length);
  const event = (type: string, data: Record<string, unknown>) => w.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  const id = `msg_${randomBytes(12).toString('hex')}`;
  event('message_start', { message: { id, type: 'message', role: 'assistant', model: body.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: inputTokens, output_tokens: 1 } } });
  event('ping', {});
  let outChars = 0;
  let index = 0;
  const textBlock = (text: string) => {
    event('content_block_start', { index, content_block: { type: 'text', text: '' } });
    for (const d of deltas(text)) event('content_block_delta', { index, delta: { type: 'text_delta', text: d } });
    event('content_block_stop', { index });
    outChars += text.length;
    index++;
  };
  let stopReason = 'end_turn';
  if (step.kind === 'text') textBlock(step.text);
  else if (step.kind === 'long') {
    event('content_block_start', { index, content_block: { type: 'text', text: '' } });
    outChars += await runLong(w, (text) => event('content_block_delta', { index, delta: { type: 'text_delta', text } }));
    if (w.closed()) return;
    event('content_block_stop', { index });
    index++;
  } else {
    textBlock(step.lead);
    for (const call of step.calls) {
      const json = JSON.stringify(call.input);
      event('content_block_start', { index, content_block: { type: 'tool_use', id: `toolu_${randomBytes(12).toString('hex')}`, name: call.name, input: {} } });
      // Partial JSON in two pieces, as the real API splits it.
      const cut = Math.ceil(json.length / 2);
      event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: json.slice(0, cut) } });
      event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: json.slice(cut) } });
      event('content_block_stop', { index });
      outChars += json.length + call.name.length;
      index++;
    }
    stopReason = 'tool_use';
  }
  event('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: tokens(outChars) } });
  event('message_stop', {});
  w.end();
}

async function streamOpenAi(body: Record<string, unknown>, w: Writer): Promise<void> {
  const step = planAnswer(lastOfOpenAi(body));
  const inputTokens = tokens(JSON.stringify(body.messages ?? []).length);
  const id = `chatcmpl-${randomBytes(12).toString('hex')}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    w.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, system_fingerprint: 'fp_sandbox', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`);
  chunk({ role: 'assistant', content: '', refusal: null });
  let outChars = 0;
  let finish = 'stop';
  if (step.kind === 'text') {
    for (const d of deltas(step.text)) chunk({ content: d });
    outChars += step.text.length;
  } else if (step.kind === 'long') {
    outChars += await runLong(w, (text) => chunk({ content: text }));
    if (w.closed()) return;
  } else {
    for (const d of deltas(step.lead)) chunk({ content: d });
    outChars += step.lead.length;
    step.calls.forEach((call, i) => {
      const json = JSON.stringify(call.input);
      chunk({ tool_calls: [{ index: i, id: `call_${randomBytes(12).toString('hex')}`, type: 'function', function: { name: call.name, arguments: '' } }] });
      const cut = Math.ceil(json.length / 2);
      chunk({ tool_calls: [{ index: i, function: { arguments: json.slice(0, cut) } }] });
      chunk({ tool_calls: [{ index: i, function: { arguments: json.slice(cut) } }] });
      outChars += json.length + call.name.length;
    });
    finish = 'tool_calls';
  }
  chunk({}, finish);
  const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage;
  if (includeUsage) {
    const completion = tokens(outChars);
    w.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, system_fingerprint: 'fp_sandbox', choices: [], usage: { prompt_tokens: inputTokens, completion_tokens: completion, total_tokens: inputTokens + completion } })}\n\n`);
  }
  w.write('data: [DONE]\n\n');
  w.end();
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (d) => (text += d));
    req.on('end', () => {
      try {
        const v = JSON.parse(text || 'null');
        resolve(v && typeof v === 'object' && !Array.isArray(v) ? v : null);
      } catch {
        resolve(null);
      }
    });
  });
}

export async function startModelSandbox(opts: { host?: string; port?: number; apiKey?: string } = {}): Promise<ModelSandbox> {
  const apiKey = opts.apiKey ?? `sk-sandbox-${randomBytes(12).toString('hex')}`;
  const requests: ModelSandboxRequest[] = [];
  const sockets = new Set<Socket>();
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    if (url.pathname === '/_sandbox/requests' && req.method === 'GET') return json(res, 200, requests);
    if (url.pathname === '/_sandbox/reset' && req.method === 'POST') {
      requests.length = 0;
      return json(res, 200, { ok: true });
    }
    const anthropic = url.pathname === '/v1/messages' && req.method === 'POST';
    const openai = url.pathname === '/v1/chat/completions' && req.method === 'POST';
    if (!anthropic && !openai) return json(res, 404, { error: { message: `No route ${req.method} ${url.pathname}`, type: 'not_found_error' } });
    const body = await readJson(req);
    // The Messages API takes the key as x-api-key, or (SDK 1.x) as a bearer token.
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const auth = anthropic ? ((req.headers['x-api-key'] as string | undefined) ?? bearer) : bearer;
    requests.push({ path: url.pathname, auth, body: body ?? {} });
    const authorized = auth === apiKey;
    if (!authorized) {
      return anthropic
        ? json(res, 401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key or bearer token' } })
        : json(res, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
    }
    if (!body || !Array.isArray(body.messages) || typeof body.model !== 'string') {
      return anthropic
        ? json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'messages and model are required' } })
        : json(res, 400, { error: { message: 'messages and model are required', type: 'invalid_request_error', param: null, code: null } });
    }
    if (body.stream !== true) {
      return json(res, 400, { error: { message: 'This sandbox only streams (stream: true)', type: 'invalid_request_error' } });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    let closed = false;
    res.on('close', () => (closed = true));
    const w: Writer = { write: (text) => (closed ? false : res.write(text)), closed: () => closed, end: () => res.end() };
    await (anthropic ? streamAnthropic(body, w) : streamOpenAi(body, w));
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = opts.host ?? '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    apiKey,
    anthropicBaseUrl: url,
    openaiBaseUrl: `${url}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
