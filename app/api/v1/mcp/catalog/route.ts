// GET /api/v1/mcp/catalog — the MCP endpoints and what each tool and resource needs.
import { defineRoute } from '@/lib/http/define-route';
import { ZMcpCatalog } from '@/lib/mcp/schemas';
import { getMcpCatalog } from '@/lib/mcp/get-mcp-catalog';
import { routeIndex } from '@/app/api/route-index.generated';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  summary: 'MCP endpoints and tool catalogue',
  description:
    'The MCP server’s endpoint URLs, its tools and resources with the permission (API key scope) each needs, marked `available` when the caller holds that permission, and its prompts.',
  tags: ['MCP'],
  response: ZMcpCatalog,
  handler: ({ ctx }) => getMcpCatalog(ctx, routeIndex),
});
