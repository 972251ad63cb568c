// GET /api/v1/mcp/sse — the MCP server's SSE transport: the event stream of one session.
import { defineRoute } from '@/lib/http/define-route';
import { unauthorized } from '@/lib/http/errors';
import { presentedApiKey } from '@/lib/api-keys/api-key-secret';
import { mcpSseSessions } from '@/lib/mcp/sse-sessions';
import { routeIndex } from '@/app/api/route-index.generated';

export const GET = defineRoute({
  auth: 'apiKey',
  permission: 'none',
  summary: 'MCP event stream (SSE transport)',
  description: [
    'Opens an MCP session over the SSE transport and answers `text/event-stream` for as long as the client stays connected. The first event, `endpoint`, carries the URL (relative to this one) where the client posts its JSON-RPC messages: `message?sessionId=<id>` (POST /api/v1/mcp/message). Every answer of the server then arrives as a `message` event; a comment line keeps the stream alive every 25 seconds.',
    'Authenticated by an API key (`X-API-Key` or `Authorization: Bearer rmm_ak_…`); the messages of the session must be posted with the same key. Any web process may receive the posts: they are relayed to the process holding the stream.',
  ].join('\n\n'),
  tags: ['MCP'],
  responseContentType: 'text/event-stream',
  handler: ({ ctx, req }) => mcpSseSessions().open(ctx, presentedApiKey(req) ?? fail(), routeIndex),
});

function fail(): never {
  throw unauthorized('Missing API key');
}
