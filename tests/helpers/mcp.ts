// MCP clients for integration tests: the official SDK's Client over its own SSE and Streamable
// HTTP client transports, with a fetch that hands each request to the real route handlers
// in-process (routed like the Node server routes them).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { routeIndex } from '@/app/api/route-index.generated';
import { PEER_HEADER } from '@/lib/http/client-ip';
import { matchRoute, unroutedAnswer } from '@/lib/http/not-found';

export const BASE = 'http://localhost:3000';

/** A fetch served by the route handlers; `ip` is the socket peer the server would record. */
export function routeFetch(ip = '127.0.0.1') {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const headers = new Headers(req.headers);
    headers.set(PEER_HEADER, ip);
    const routed = new Request(req, { headers });
    const url = new URL(routed.url);
    const unrouted = unroutedAnswer(routeIndex, routed.method, url.pathname);
    if (unrouted) return unrouted;
    const found = matchRoute(routeIndex, url.pathname.slice('/api/v1'.length));
    const handler = found && ((await found.route.load())[routed.method] as ((r: Request, c: unknown) => Promise<Response>) | undefined);
    if (!found || !handler) throw new Error(`${routed.method} ${url.pathname}: not routed`);
    const res = await handler(routed, { params: Promise.resolve(found.params) });
    if (!res.body || !init?.signal) return res;
    // Like the Node server: a client that goes away cancels the answer's stream.
    const body = res.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>(), { signal: init.signal });
    return new Response(body, { status: res.status, headers: res.headers });
  };
}

export async function streamableClient(key: string, ip?: string): Promise<Client> {
  const fetch = routeFetch(ip);
  const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/api/v1/mcp`), { fetch, requestInit: { headers: { 'x-api-key': key } } });
  const client = new Client({ name: 'vitest', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export async function sseClient(key: string, ip?: string): Promise<{ client: Client; transport: SSEClientTransport }> {
  const fetch = routeFetch(ip);
  const transport = new SSEClientTransport(new URL(`${BASE}/api/v1/mcp/sse`), { fetch, requestInit: { headers: { 'x-api-key': key } } });
  const client = new Client({ name: 'vitest', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}
