// JSON calls from the bench process itself (setup, and the console side of scenario 4).
export async function apiCall<T = unknown>(base: string, method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { accept: 'application/json', ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: body as T };
}

/** A 2xx answer's body; 503 (busy) is retried after its Retry-After, as a well-behaved client does. */
export async function apiOk<T = unknown>(base: string, method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<T> {
  let res = await apiCall<T>(base, method, path, opts);
  for (let attempt = 1; res.status === 503 && attempt < 5; attempt++) {
    await new Promise((r) => setTimeout(r, 2000));
    res = await apiCall<T>(base, method, path, opts);
  }
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
  return res.body;
}

/** Whether the running app serves a path (it is in its OpenAPI document). */
export async function routeExists(base: string, path: string): Promise<boolean> {
  const doc = await apiOk<{ paths: Record<string, unknown> }>(base, 'GET', '/openapi.json');
  return Object.keys(doc.paths).some((p) => p === path || p === `/api/v1${path}`);
}
