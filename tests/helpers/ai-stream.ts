// Server-sent event streams of the AI assistant's routes, read as the console reads them: the
// route handlers are called in-process (routed like the Node server routes) and the answer's
// body is parsed event by event as it arrives.
import { routeFetch } from './mcp';

export interface SseEvent {
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- event payloads are asserted with toMatchObject
  data: any;
}

export interface OpenStream {
  status: number;
  /** The JSON body of an answer that is not a stream (errors before the stream opens). */
  json: unknown;
  /** The next event, or null when the stream ended. */
  next(): Promise<SseEvent | null>;
  /** Reads to the end; returns every event not read yet. */
  rest(): Promise<SseEvent[]>;
  /** Reads until an event of this name (returned with the ones before it). */
  until(name: string): Promise<SseEvent[]>;
}

export async function openStream(path: string, token: string, body: unknown): Promise<OpenStream> {
  const res = await routeFetch()(`http://localhost:3000/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    const none = async () => null;
    return { status: res.status, json, next: none, rest: async () => [], until: async () => [] };
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const next = async (): Promise<SseEvent | null> => {
    for (;;) {
      const cut = buffer.indexOf('\n\n');
      if (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.startsWith(':')) continue;
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
        return { event, data: JSON.parse(data) };
      }
      if (ended) return null;
      const { value, done } = await reader.read();
      if (done) ended = true;
      else buffer += decoder.decode(value, { stream: true });
    }
  };
  const rest = async () => {
    const out: SseEvent[] = [];
    for (let e = await next(); e; e = await next()) out.push(e);
    return out;
  };
  const until = async (name: string) => {
    const out: SseEvent[] = [];
    for (let e = await next(); e; e = await next()) {
      out.push(e);
      if (e.event === name) break;
    }
    return out;
  };
  return { status: res.status, json: null, next, rest, until };
}

/** The answer's text, from its `text` events. */
export function textOf(events: SseEvent[]): string {
  return events.filter((e) => e.event === 'text').map((e) => e.data.delta as string).join('');
}

export function eventOf(events: SseEvent[], name: string): SseEvent | undefined {
  return events.find((e) => e.event === name);
}
