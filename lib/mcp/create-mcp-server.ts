// One MCP server (the official SDK's low-level Server) for one connection: tools, resources and
// prompts whose lists and calls are worked out per message from the caller's API key context,
// which the transport hands over with each message (AuthInfo.extra). The key's permissions (its
// scopes within its owner's role) decide which tools and resources exist for the caller; a call
// runs the route with the same key, so it can do exactly what the key can do over HTTP.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { ApiKeyContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { mcpTools, toolsFor, type McpRouteSource, type McpTool } from '@/lib/mcp/build-mcp-tools';
import { callRoute, concretePath, type McpCaller, type RouteAnswer } from '@/lib/mcp/call-route';
import { listResources, MCP_RESOURCE_KINDS, parseResourceUri, readResource, RESOURCE_SCHEME } from '@/lib/mcp/resources';
import { MCP_PROMPTS, promptArguments } from '@/lib/mcp/prompts';
import { MCP_INSTRUCTIONS, MCP_SERVER_INFO } from '@/lib/mcp/server-info';

/** The caller of one MCP message: its resolved key context and how to act as it. */
export interface McpRequestAuth {
  ctx: ApiKeyContext;
  caller: McpCaller;
}

/** Spec code for a resource that does not exist (or not for this caller). */
const RESOURCE_NOT_FOUND = -32002 as ErrorCode;
/** Tool answers larger than this are cut (a model cannot use a megabyte of JSON anyway). */
const MAX_RESULT_CHARS = 200_000;

export function authInfoFor(auth: McpRequestAuth): AuthInfo {
  return { token: auth.ctx.apiKeyId, clientId: auth.ctx.apiKeyId, scopes: [...auth.ctx.permissions], extra: { mcp: auth } };
}

function authOf(extra: { authInfo?: AuthInfo }): McpRequestAuth {
  const auth = extra.authInfo?.extra?.mcp as McpRequestAuth | undefined;
  // Every transport of this service authenticates before it hands a message over.
  if (!auth) throw new McpError(ErrorCode.InvalidRequest, 'Not authenticated');
  return auth;
}

export function createMcpServer(routes: readonly McpRouteSource[]): Server {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: {}, resources: {}, prompts: {} },
    instructions: MCP_INSTRUCTIONS,
  });

  server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => {
    const { ctx } = authOf(extra);
    return {
      tools: toolsFor(await mcpTools(routes), ctx).map((t) => ({
        name: t.name,
        title: t.title,
        description: t.description,
        inputSchema: t.inputSchema,
        annotations: { title: t.title, readOnlyHint: t.readOnly, destructiveHint: t.destructive, idempotentHint: t.idempotent, openWorldHint: false },
      })),
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const auth = authOf(extra);
    const name = request.params.name;
    const all = await mcpTools(routes);
    const tool = toolsFor(all, auth.ctx).find((t) => t.name === name);
    if (!tool) {
      const known = all.find((t) => t.name === name);
      // A tool the key's scopes do not reach does not exist for it; the attempt is on record.
      if (known) {
        await writeAudit(auth.ctx, {
          action: 'mcp.tool_call',
          targetType: 'mcp_tool',
          targetId: known.name,
          result: 'denied',
          details: { tool: known.name, reason: `missing permission ${known.permission}` },
        }).catch(() => undefined);
      }
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    }
    return runTool(tool, auth, request.params.arguments ?? {});
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async (_request, extra) => {
    const { ctx } = authOf(extra);
    return {
      resourceTemplates: MCP_RESOURCE_KINDS.filter((k) => ctx.permissions.has(k.permission)).map((k) => ({
        uriTemplate: `${RESOURCE_SCHEME}://${k.kind}/{id}`,
        name: k.kind,
        title: k.title,
        description: k.description,
        mimeType: 'application/json',
      })),
    };
  });

  server.setRequestHandler(ListResourcesRequestSchema, async (_request, extra) => {
    const { ctx, caller } = authOf(extra);
    const kinds = MCP_RESOURCE_KINDS.filter((k) => ctx.permissions.has(k.permission));
    return { resources: (await Promise.all(kinds.map((k) => listResources(routes, caller, k)))).flat() };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const { ctx, caller } = authOf(extra);
    const uri = request.params.uri;
    const parsed = parseResourceUri(uri);
    if (!parsed || !ctx.permissions.has(parsed.kind.permission)) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`);
    const answer = await readResource(routes, caller, parsed.kind, parsed.id);
    if (answer.status === 404) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`);
    if (answer.status !== 200) throw new McpError(ErrorCode.InvalidRequest, errorText(answer));
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(answer.body) }] };
  });

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: MCP_PROMPTS.map((p) => ({ name: p.name, title: p.title, description: p.description, arguments: p.arguments })),
  }));

  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const prompt = MCP_PROMPTS.find((p) => p.name === request.params.name);
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
    const checked = promptArguments(prompt, request.params.arguments);
    if (!checked.ok) throw new McpError(ErrorCode.InvalidParams, checked.message);
    return { description: prompt.description, messages: [{ role: 'user' as const, content: { type: 'text' as const, text: prompt.render(checked.args) } }] };
  });

  return server;
}

/** A tool's arguments split back into the route's path parameters, query and body. */
export function splitToolArguments(tool: McpTool, args: Record<string, unknown>): { params: Record<string, string>; query: Record<string, unknown>; body: Record<string, unknown>; missing: string[] } {
  const params: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  let body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (tool.params.includes(key)) params[key] = String(value);
    else if (tool.query.includes(key)) query[key] = value;
    else body[key] = value;
  }
  if (tool.nestedBody) body = (body.body ?? {}) as Record<string, unknown>;
  return { params, query, body, missing: tool.params.filter((p) => !params[p]) };
}

async function runTool(tool: McpTool, auth: McpRequestAuth, args: Record<string, unknown>): Promise<CallToolResult> {
  const { params, query, body, missing } = splitToolArguments(tool, args);
  if (missing.length) return { isError: true, content: [{ type: 'text', text: `Missing argument: ${missing.join(', ')}` }] };
  const answer = await callRoute(auth.caller, { handler: tool.handler, method: tool.method, path: tool.path, params, query, body });
  if (!tool.readOnly) {
    const error = errorOf(answer);
    await writeAudit(auth.ctx, {
      action: 'mcp.tool_call',
      targetType: 'mcp_tool',
      targetId: tool.name,
      result: answer.status < 400 ? 'success' : answer.status === 403 || answer.status === 404 ? 'denied' : 'failure',
      details: { tool: tool.name, method: tool.method, path: concretePath(tool.path, params), status: answer.status, ...(error ? { errorCode: error.code } : {}) },
    });
  }
  return resultOf(answer);
}

function errorOf(answer: RouteAnswer): { code: string; message: string } | null {
  if (answer.status < 400) return null;
  const e = (answer.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return { code: typeof e?.code === 'string' ? e.code : `HTTP_${answer.status}`, message: typeof e?.message === 'string' ? e.message : 'The operation failed' };
}

function errorText(answer: RouteAnswer): string {
  const e = errorOf(answer);
  return e ? `${e.code}: ${e.message}` : `HTTP ${answer.status}`;
}

function resultOf(answer: RouteAnswer): CallToolResult {
  const status = answer.status;
  const payload = status < 400 ? (answer.body ?? { status }) : { status, ...(answer.body as object) };
  let text = JSON.stringify(payload, null, 1);
  if (text.length > MAX_RESULT_CHARS) text = `${text.slice(0, MAX_RESULT_CHARS)}\n… (cut at ${MAX_RESULT_CHARS} characters: narrow the query or lower the limit)`;
  const structured = payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : undefined;
  return { ...(status >= 400 ? { isError: true } : {}), content: [{ type: 'text', text }], ...(structured && text.length < MAX_RESULT_CHARS ? { structuredContent: structured } : {}) };
}
