// POST /api/v1/mcp — the MCP server over Streamable HTTP (stateless), authenticated by an API key.
import { defineRoute } from '@/lib/http/define-route';
import { unauthorized } from '@/lib/http/errors';
import { presentedApiKey } from '@/lib/api-keys/api-key-secret';
import { ZMcpPost } from '@/lib/mcp/schemas';
import { handleStreamableHttp } from '@/lib/mcp/handle-streamable-http';
import { routeIndex } from '@/app/api/route-index.generated';

export const POST = defineRoute({
  auth: 'apiKey',
  permission: 'none',
  body: ZMcpPost,
  audit: false,
  summary: 'MCP endpoint (Streamable HTTP)',
  description: [
    'The Model Context Protocol server over its Streamable HTTP transport, stateless: POST one JSON-RPC 2.0 message (or a batch) and get the answer as JSON (`initialize`, `tools/list`, `tools/call`, `resources/list`, `resources/templates/list`, `resources/read`, `prompts/list`, `prompts/get`); a notification alone answers 202. No session is kept (no `Mcp-Session-Id`); GET answers 405.',
    'Authenticated by an API key (`X-API-Key` or `Authorization: Bearer rmm_ak_…`): the key’s scopes within its owner’s role decide which tools and resources exist for the caller, and a tool call runs the underlying operation with the same key (same permissions, tenancy, IP allowlist and audit entries as calling it directly). Tools that change something write an `mcp.tool_call` audit entry.',
    'Errors of the protocol (unknown tool, bad arguments) are JSON-RPC errors; an operation that refuses (404, 409 `service_management_off`…) answers a tool result with `isError: true` and the error envelope.',
  ].join('\n\n'),
  tags: ['MCP'],
  handler: ({ ctx, body, req }) => handleStreamableHttp(ctx, presentedApiKey(req) ?? fail(), req, body, routeIndex),
});

function fail(): never {
  throw unauthorized('Missing API key');
}
