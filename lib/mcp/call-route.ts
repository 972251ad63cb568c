// Runs an /api/v1 route in-process for an MCP caller: a request carrying the caller's own API key
// and source address goes through the route's wrapper exactly like an HTTP call would (key
// authentication, permissions narrowed to the key's scopes, partner guard, IP allowlist, zod
// validation, tenancy, the error envelope and the route's own audit entry).
import type { RouteHandler } from '@/lib/http/define-route';
import { PEER_HEADER } from '@/lib/http/client-ip';
import { publicUrl } from '@/lib/public-url';

/** Who an MCP message came from: the key it presented and where it came from. */
export interface McpCaller {
  apiKey: string;
  /** Instead of the key: a signed-in user's own `Authorization` header (the AI assistant). */
  authorization?: string;
  ip: string | null;
  requestId: string;
}

export interface RouteAnswer {
  status: number;
  body: unknown;
}

export interface RouteCall {
  handler: RouteHandler;
  method: string;
  /** Route pattern with `{param}` segments. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export function concretePath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export async function callRoute(caller: McpCaller, call: RouteCall): Promise<RouteAnswer> {
  const url = new URL(publicUrl(`/api/v1${concretePath(call.path, call.params)}`));
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const headers = new Headers(
    caller.authorization ? { authorization: caller.authorization, 'x-request-id': caller.requestId, 'user-agent': 'rmm-ai' } : { 'x-api-key': caller.apiKey, 'x-request-id': caller.requestId, 'user-agent': 'rmm-mcp' },
  );
  // The address the MCP request itself came from, already resolved through trusted proxies.
  headers.set(PEER_HEADER, caller.ip ?? '');
  const hasBody = call.method !== 'GET' && call.method !== 'DELETE';
  if (hasBody) headers.set('content-type', 'application/json');
  const req = new Request(url, { method: call.method, headers, body: hasBody ? JSON.stringify(call.body ?? {}) : undefined });
  const res = await call.handler(req, { params: Promise.resolve(call.params ?? {}) });
  const text = await res.text();
  let body: unknown = text || null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: kept as text */
  }
  return { status: res.status, body };
}
