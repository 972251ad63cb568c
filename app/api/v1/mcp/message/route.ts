// POST /api/v1/mcp/message — a JSON-RPC message for an MCP SSE session.
import { defineRoute } from '@/lib/http/define-route';
import { unauthorized } from '@/lib/http/errors';
import { presentedApiKey } from '@/lib/api-keys/api-key-secret';
import { mcpSseSessions } from '@/lib/mcp/sse-sessions';
import { ZJsonRpcMessage, ZMcpMessageQuery } from '@/lib/mcp/schemas';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export const POST = defineRoute({
  auth: 'apiKey',
  permission: 'none',
  query: ZMcpMessageQuery,
  body: ZJsonRpcMessage,
  status: 202,
  audit: false,
  summary: 'Post a message to an MCP SSE session',
  description:
    'Hands one JSON-RPC 2.0 message to the session opened by GET /api/v1/mcp/sse; its answer arrives on that event stream, this call answers 202 at once. 404 when the session does not exist, has ended, or was opened with another API key.',
  tags: ['MCP'],
  handler: async ({ ctx, query, body, req }) => {
    await mcpSseSessions().deliver(ctx, presentedApiKey(req) ?? fail(), query.sessionId, body as JSONRPCMessage);
    return new Response(null, { status: 202 });
  },
});

function fail(): never {
  throw unauthorized('Missing API key');
}
