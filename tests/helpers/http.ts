// Calls the real route handlers in-process, routed exactly like Next would route the path.
import { routeIndex } from '@/app/api/route-index.generated';
import { PEER_HEADER } from '@/lib/http/client-ip';

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

function match(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/').filter(Boolean);
  const s = path.split('/').filter(Boolean);
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith('{')) params[p[i].slice(1, -1)] = decodeURIComponent(s[i]);
    else if (p[i] !== s[i]) return null;
  }
  return params;
}

export async function call<T = Json>(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse<T>> {
  const [pathname, search = ''] = path.split('?');
  const url = new URL(`http://localhost:3000/api/v1${pathname}${search ? `?${search}` : ''}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const candidates = routeIndex.map((r) => ({ r, params: match(r.path, pathname) })).filter((c) => c.params);
  // Static segments win over parameters, as in Next's router.
  candidates.sort((a, b) => (a.r.path.match(/\{/g)?.length ?? 0) - (b.r.path.match(/\{/g)?.length ?? 0));
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
  let res: Response;
  const found = candidates[0];
  const mod = found ? await found.r.load() : null;
  const handler = mod?.[method] as ((req: Request, ctx: unknown) => Promise<Response>) | undefined;
  if (!found || !handler) {
    const { plainNotFound } = await import('@/lib/http/not-found');
    res = found ? new Response(null, { status: 405 }) : plainNotFound();
  } else {
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
