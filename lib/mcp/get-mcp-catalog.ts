// What the console's MCP page shows: where to connect, and which tools and resources a key needs
// which scopes for (marked available when the caller holds the permission itself).
import type { ActorContext } from '@/lib/auth/context';
import { publicUrl } from '@/lib/public-url';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';
import { mcpTools, type McpRouteSource } from '@/lib/mcp/build-mcp-tools';
import { MCP_RESOURCE_KINDS, RESOURCE_SCHEME } from '@/lib/mcp/resources';
import { MCP_PROMPTS } from '@/lib/mcp/prompts';
import { MCP_PATHS, MCP_SERVER_INFO } from '@/lib/mcp/server-info';
import type { TMcpCatalog } from '@/lib/mcp/schemas';

export async function getMcpCatalog(ctx: ActorContext, routes: readonly McpRouteSource[]): Promise<TMcpCatalog> {
  decideSelf(ctx, 'the caller’s own permissions, shown against a fixed catalogue');
  const has = (p: string) => p === 'none' || ctx.permissions.has(p as never);
  return {
    server: MCP_SERVER_INFO,
    endpoints: { streamableHttp: publicUrl(MCP_PATHS.streamableHttp), sse: publicUrl(MCP_PATHS.sse), message: publicUrl(MCP_PATHS.message) },
    tools: (await mcpTools(routes)).map((t) => ({ name: t.name, title: t.title, permission: t.permission, readOnly: t.readOnly, destructive: t.destructive, available: has(t.permission) })),
    resources: MCP_RESOURCE_KINDS.map((k) => ({ uriTemplate: `${RESOURCE_SCHEME}://${k.kind}/{id}`, title: k.title, permission: k.permission, available: has(k.permission) })),
    prompts: MCP_PROMPTS.map((p) => ({ name: p.name, title: p.title, description: p.description, arguments: p.arguments })),
  };
}
