// The assistant's tools are the MCP tool set (lib/mcp: generated from the routes' metadata),
// narrowed to what the signed-in user may use, and a call runs the route in-process with the
// user's own Authorization header: the same authentication, permissions, MFA state, IP
// allowlist, tenancy, validation, error envelope and audit entry as the user's own HTTP call.
import type { UserContext } from '@/lib/auth/context';
import { mcpTools, toolsFor, type McpRouteSource, type McpTool } from '@/lib/mcp/build-mcp-tools';
import { callRoute, concretePath, type RouteAnswer } from '@/lib/mcp/call-route';
import { splitToolArguments } from '@/lib/mcp/create-mcp-server';
import type { ModelTool } from '@/lib/ai/adapters/types';

/** Who a tool call acts as: the request's own credential and source address. */
export interface ToolCaller {
  authorization: string;
  ip: string | null;
  requestId: string;
}

export function toolCallerOf(req: Request, ctx: UserContext): ToolCaller {
  return { authorization: req.headers.get('authorization') ?? '', ip: ctx.ip, requestId: ctx.requestId };
}

export interface AssistantToolSet {
  /** Every tool of the catalogue (to tell "not permitted" from "unknown"). */
  all: McpTool[];
  /** The tools this user may use. */
  mine: McpTool[];
}

export async function assistantTools(ctx: UserContext, routes: readonly McpRouteSource[]): Promise<AssistantToolSet> {
  const all = await mcpTools(routes);
  return { all, mine: toolsFor(all, ctx) };
}

export function modelToolsOf(tools: McpTool[]): ModelTool[] {
  return tools.map((t) => ({
    name: t.name,
    description: t.readOnly ? t.description : `${t.description}\n\nThis changes something: it runs only after the user approves it in the console.`,
    inputSchema: t.inputSchema,
  }));
}

/** The API call a tool call stands for, as shown to the user before approving. */
export function toolPath(tool: McpTool, args: Record<string, unknown>): string {
  const { params, query } = splitToolArguments(tool, args);
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) search.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  const qs = search.toString();
  return `/api/v1${concretePath(tool.path, params)}${qs ? `?${qs}` : ''}`;
}

export async function runAssistantTool(caller: ToolCaller, tool: McpTool, args: Record<string, unknown>): Promise<RouteAnswer> {
  const { params, query, body, missing } = splitToolArguments(tool, args);
  if (missing.length) return { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: `Missing argument: ${missing.join(', ')}`, details: [] } } };
  return callRoute({ apiKey: '', authorization: caller.authorization, ip: caller.ip, requestId: caller.requestId }, { handler: tool.handler, method: tool.method, path: tool.path, params, query, body });
}
