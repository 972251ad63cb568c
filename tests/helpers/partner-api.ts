// Service principals and partner-API calls for integration tests.
import { api, type RequestOptions } from './http';

export const PRINCIPAL_IP = '203.0.113.10';

export async function makePrincipal(adminToken: string, body: Record<string, unknown> = {}) {
  const res = await api.post('/service-principals', { token: adminToken, body: { name: 'Integration', scopes: ['organizations:read'], ...body } });
  if (res.status !== 201) throw new Error(`service principal: ${res.status} ${res.text}`);
  return res.body as { id: string; key: string; scopes: string[] };
}

/** A principal that may mint enrollment keys (expiry + CIDR allowlist), with every scope by default. */
export async function makeMintingPrincipal(adminToken: string, body: Record<string, unknown> = {}) {
  return makePrincipal(adminToken, {
    scopes: ['organizations:read', 'organizations:write', 'sites:read', 'sites:write', 'enrollment-keys:write'],
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    allowedCidrs: ['203.0.113.0/24'],
    ...body,
  });
}

/** Options for a partner-API call with this key from the allowed address. */
export function asPrincipal(key: string, opts: RequestOptions = {}): RequestOptions {
  return { ip: PRINCIPAL_IP, ...opts, headers: { 'x-api-key': key, ...(opts.headers ?? {}) } };
}

/** Follows nextCursor to the end; `between` runs after each page (to insert rows mid-export). */
export async function exportAll(path: string, key: string, limit: number, between?: (page: number) => Promise<void>) {
  const rows: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const res = await api.get(`/partner-api/${path}`, asPrincipal(key, { query: { limit, cursor } }));
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    rows.push(...res.body.data);
    if (!res.body.hasMore) {
      if (res.body.nextCursor !== null) throw new Error('nextCursor on the last page');
      return rows;
    }
    cursor = res.body.nextCursor;
    await between?.(page);
  }
  throw new Error('export did not end');
}
