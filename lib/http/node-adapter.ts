// Runs a defineRoute handler for a plain Node request, for the few paths the HTTP server serves
// itself (see server-fast-paths.ts). Same handler, same auth, validation and error envelope.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteHandler } from '@/lib/http/define-route';
import { MAX_JSON_BODY_BYTES } from '@/lib/http/parse-input';

// The headers next.config.mjs adds to every answer.
export const BASE_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin', 'x-frame-options': 'DENY' };
const INTERNAL = JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', details: [] } });

/**
 * A Request whose body the Node server has already read: text()/json()/arrayBuffer() answer
 * from those bytes. Building a web Request around them instead (a ReadableStream, then read back
 * by the handler) was a tenth of the web CPU of a heartbeat.
 */
class ReadRequest extends Request {
  readonly #bytes: Buffer;

  constructor(url: string, init: RequestInit, bytes: Buffer) {
    super(url, init);
    this.#bytes = bytes;
  }

  override text(): Promise<string> {
    return Promise.resolve(this.#bytes.toString('utf8'));
  }

  override json(): Promise<unknown> {
    return this.text().then((t) => JSON.parse(t) as unknown);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(new Uint8Array(this.#bytes).buffer);
  }
}

export function serveWithRoute(req: IncomingMessage, res: ServerResponse, handler: RouteHandler, params: Record<string, string>): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= (handler.meta.maxBodyBytes ?? MAX_JSON_BODY_BYTES)) chunks.push(chunk);
  });
  req.on('error', () => res.destroy());
  req.on('end', () => {
    void (async () => {
      try {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
        // An oversized body is not kept: its declared length makes the route answer 413 unread.
        if (size > (handler.meta.maxBodyBytes ?? MAX_JSON_BODY_BYTES)) headers.set('content-length', String(size));
        const request = new ReadRequest(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: req.method, headers }, Buffer.concat(chunks));
        const context = { params: Promise.resolve(params) };
        const { response, body } = handler.serveRaw ? await handler.serveRaw(request, context) : { response: await handler(request, context), body: null };
        const out: Record<string, string> = { ...BASE_HEADERS };
        response.headers.forEach((v, k) => (out[k] = v));
        // A body in hand goes out with its length, not chunked.
        if (body) out['content-length'] = String(body.length);
        res.writeHead(response.status, out).end(body ?? Buffer.from(await response.arrayBuffer()));
      } catch {
        if (!res.headersSent) res.writeHead(500, { ...BASE_HEADERS, 'content-type': 'application/json' });
        res.end(INTERNAL);
      }
    })();
  });
}
