// Runs a defineRoute handler for a plain Node request, for the few paths the HTTP server serves
// itself (see server-fast-paths.ts). Same handler, same auth, validation and error envelope.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { RouteHandler } from '@/lib/http/define-route';
import { MAX_JSON_BODY_BYTES } from '@/lib/http/parse-input';

// The headers next.config.mjs adds to every answer.
export const BASE_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin', 'x-frame-options': 'DENY' };
const INTERNAL = JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', details: [] } });

/**
 * The request's headers as the route wrapper and the authenticators read them (get, has,
 * iteration), straight over the ones Node parsed. An undici Headers copy validated and stored
 * every header again; with the web Request around it (and its AbortSignal) that was about a
 * tenth of the web CPU of a heartbeat. Repeated headers Node keeps as arrays (set-cookie) are
 * left out, as the copy did.
 */
class IncomingHeaders {
  readonly #raw: IncomingHttpHeaders;

  constructor(raw: IncomingHttpHeaders) {
    this.#raw = raw;
  }

  get(name: string): string | null {
    const v = this.#raw[name.toLowerCase()];
    return typeof v === 'string' ? v : null;
  }

  has(name: string): boolean {
    return typeof this.#raw[name.toLowerCase()] === 'string';
  }

  set(name: string, value: string): void {
    this.#raw[name.toLowerCase()] = value;
  }

  *entries(): IterableIterator<[string, string]> {
    for (const [k, v] of Object.entries(this.#raw)) if (typeof v === 'string') yield [k, v];
  }

  *keys(): IterableIterator<string> {
    for (const [k] of this.entries()) yield k;
  }

  *values(): IterableIterator<string> {
    for (const [, v] of this.entries()) yield v;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  forEach(fn: (value: string, key: string, parent: IncomingHeaders) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }
}

/**
 * What the route wrapper reads of a request (method, url, headers, the body as text or JSON),
 * over a body the Node server has already read. Handlers on the fast paths take their input
 * from the parsed params, query and body, never from the Request itself.
 */
class ReadRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHeaders;
  readonly body = null;
  readonly #bytes: Buffer;

  constructor(req: IncomingMessage, bytes: Buffer) {
    this.method = req.method ?? 'GET';
    this.url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
    this.headers = new IncomingHeaders(req.headers);
    this.#bytes = bytes;
  }

  text(): Promise<string> {
    return Promise.resolve(this.#bytes.toString('utf8'));
  }

  json(): Promise<unknown> {
    return this.text().then((t) => JSON.parse(t) as unknown);
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(new Uint8Array(this.#bytes).buffer);
  }
}

export function serveWithRoute(req: IncomingMessage, res: ServerResponse, handler: RouteHandler, params: Record<string, string>): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const max = handler.meta.maxBodyBytes ?? MAX_JSON_BODY_BYTES;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= max) chunks.push(chunk);
  });
  req.on('error', () => res.destroy());
  req.on('end', () => {
    // An oversized body is not kept: its declared length makes the route answer 413 unread.
    if (size > max) req.headers['content-length'] = String(size);
    const request = new ReadRequest(req, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)) as unknown as Request;
    const context = { params: Promise.resolve(params) };
    handler.serveRaw!(request, context).then(
      async ({ response, body, status, headers }) => {
        const out: Record<string, string> = { ...BASE_HEADERS, ...headers };
        if (response) {
          response.headers.forEach((v, k) => (out[k] = v));
          res.writeHead(response.status, out).end(Buffer.from(await response.arrayBuffer()));
        } else {
          // A body in hand goes out with its length, not chunked.
          out['content-length'] = String(body!.length);
          res.writeHead(status, out).end(body);
        }
      },
    ).catch(() => {
      if (!res.headersSent) res.writeHead(500, { ...BASE_HEADERS, 'content-type': 'application/json' });
      res.end(INTERNAL);
    });
  });
}
