// The Streamable HTTP transport, stateless: every POST gets a fresh SDK server and transport that
// answer its JSON-RPC message(s) as JSON and are gone with the request, so any web process can
// serve any request and nothing needs relaying. (A server-to-client stream on GET is not
// offered; GET answers 405, which the transport's clients expect of a stateless server.)
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ApiKeyContext } from '@/lib/auth/context';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';
import type { McpRouteSource } from '@/lib/mcp/build-mcp-tools';
import { authInfoFor, createMcpServer } from '@/lib/mcp/create-mcp-server';

export async function handleStreamableHttp(ctx: ApiKeyContext, apiKey: string, req: Request, body: unknown, routes: readonly McpRouteSource[]): Promise<Response> {
  decideSelf(ctx, 'MCP tools acting with the caller’s own API key');
  const server = createMcpServer(routes);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  // The transport wants clients to accept both JSON and an event stream; it answers JSON here
  // either way, so a client that only accepts JSON is served too.
  const headers = new Headers(req.headers);
  headers.set('accept', 'application/json, text/event-stream');
  try {
    return await transport.handleRequest(new Request(req.url, { method: 'POST', headers }), {
      parsedBody: body,
      authInfo: authInfoFor({ ctx, caller: { apiKey, ip: ctx.ip, requestId: ctx.requestId } }),
    });
  } finally {
    await server.close();
  }
}
