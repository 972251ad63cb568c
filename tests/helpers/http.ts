// Calls the real route handlers in-process, routed exactly like Next would route the path.
import { routeIndex } from '@/app/api/route-index.generated';
import { PEER_HEADER } from '@/lib/http/client-ip';
import { matchRoute, unroutedAnswer } from '@/lib/http/not-found';

/**
 * A response body as the tests see it by default: whatever JSON the route sent. Tests assert its
 * shape at run time (`expect(body).toMatchObject(…)`), so the default is deliberately loose; pass
 * a type argument where a test wants the compiler's help.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the body is unchecked JSON
export type Json = any;

export interface TestResponse<T = Json> {
  status: number;
  body: T;
  text: string;
  bytes: Uint8Array;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is; a stream is pulled by the handler as it reads (for upload limits). */
  rawBody?: string | Uint8Array | ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  /** The socket peer the server would record (default 127.0.0.1). */
  ip?: string | null;
}

export async function call<T = Json>(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse<T>> {
  const [pathname, search = ''] = path.split('?');
  const url = new URL(`http://localhost:3000/api/v1${pathname}${search ? `?${search}` : ''}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers = new Headers(opts.headers);
  if (opts.ip !== null) headers.set(PEER_HEADER, opts.ip ?? '127.0.0.1');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  let body: BodyInit | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody as BodyInit;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const req = new Request(url, { method, headers, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);
  // Routed like the Node server routes: dot segments resolved, 404/405 from the route index.
  let res = unroutedAnswer(routeIndex, method, url.pathname);
  if (!res) {
    const found = matchRoute(routeIndex, url.pathname.slice('/api/v1'.length));
    const mod = found ? await found.route.load() : null;
    const handler = mod?.[method] as ((req: Request, ctx: unknown) => Promise<Response>) | undefined;
    if (!found || !handler) throw new Error(`${method} ${path}: the route index and the module disagree`);
    res = await handler(req, { params: Promise.resolve(found.params) });
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, text, bytes, headers: res.headers };
}

export const api = {
  get: <T = Json>(path: string, opts?: RequestOptions) => call<T>('GET', path, opts),
  post: <T = Json>(path: string, opts?: RequestOptions) => call<T>('POST', path, opts),
  patch: <T = Json>(path: string, opts?: RequestOptions) => call<T>('PATCH', path, opts),
  put: <T = Json>(path: string, opts?: RequestOptions) => call<T>('PUT', path, opts),
  delete: <T = Json>(path: string, opts?: RequestOptions) => call<T>('DELETE', path, opts),
};
