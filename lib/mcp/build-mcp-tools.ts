// MCP tools from route metadata: the same summary, description, permission and zod schemas the
// route wrapper enforces and the OpenAPI document shows. A tool's arguments are the route's path
// parameters, query fields and body fields side by side in one object; a call splits them again.
import { z } from 'zod';
import type { RouteHandler, RouteMeta } from '@/lib/http/define-route';
import type { Permission } from '@/lib/auth/permissions';
import type { Scope } from '@/lib/auth/context';
import { MCP_TOOL_CATALOGUE, type McpToolEntry } from '@/lib/mcp/tool-catalogue';

/** The route index as the MCP server needs it (app/api/route-index.generated.ts). */
export interface McpRouteSource {
  path: string;
  methods: readonly string[];
  load: () => Promise<Record<string, unknown>>;
}

type Json = Record<string, unknown>;

const BODY_ARGUMENT = 'body';

export interface McpTool {
  name: string;
  title: string;
  description: string;
  method: McpToolEntry['method'];
  path: string;
  permission: Permission | 'none';
  scopes?: Scope[];
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  inputSchema: Json & { type: 'object' };
  /** Which arguments go where when the route is called. */
  params: string[];
  query: string[];
  /** The body is the argument `body` as a whole (not one object to spread). */
  nestedBody: boolean;
  handler: RouteHandler;
}

function jsonSchemaOf(schema: z.ZodType): Json {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: ({ zodSchema }) => (zodSchema._zod.def.type === 'date' ? { type: 'string', format: 'date-time' } : 'any'),
  }) as Json;
  delete json.$schema;
  return json;
}

/**
 * The object schema's properties, required names and named definitions. A body that is not one
 * object (a union of command shapes) becomes the single argument `body`.
 */
function partsOf(schema: z.ZodType | undefined, nestAs?: string): { props: Record<string, Json>; required: string[]; defs: Record<string, Json>; nested?: true } {
  if (!schema) return { props: {}, required: [], defs: {} };
  const json = jsonSchemaOf(schema);
  if (json.type !== 'object' || !json.properties) {
    if (!nestAs) throw new Error('MCP: path and query input must be object-shaped');
    const { $defs, ...rest } = json;
    return { props: { [nestAs]: rest }, required: [nestAs], defs: ($defs ?? {}) as Record<string, Json>, nested: true };
  }
  return {
    props: (json.properties ?? {}) as Record<string, Json>,
    required: ((json.required as string[] | undefined) ?? []).filter((name) => (json.properties as Record<string, Json>)[name]?.default === undefined),
    defs: (json.$defs ?? {}) as Record<string, Json>,
  };
}

export function toolFromRoute(entry: McpToolEntry, meta: RouteMeta, handler: RouteHandler): McpTool {
  if (!meta.auth.includes('apiKey')) throw new Error(`MCP: ${entry.method} ${entry.path} does not accept API keys`);
  const params = partsOf(meta.params);
  const query = partsOf(meta.query);
  const body = partsOf(meta.body, BODY_ARGUMENT);
  const properties: Record<string, Json> = {};
  const defs: Record<string, Json> = { ...params.defs, ...query.defs, ...body.defs };
  for (const part of [params, query, body]) {
    for (const [name, prop] of Object.entries(part.props)) {
      if (properties[name]) throw new Error(`MCP: the argument "${name}" of ${entry.name} is both a path/query and a body field`);
      properties[name] = prop;
    }
  }
  const readOnly = entry.method === 'GET';
  const description = [meta.summary + '.', meta.description, readOnly ? null : `Calls ${entry.method} /api/v1${entry.path}.`, `Needs the permission ${meta.permission}.`]
    .filter(Boolean)
    .join('\n\n');
  return {
    name: entry.name,
    title: meta.summary,
    description,
    method: entry.method,
    path: entry.path,
    permission: meta.permission,
    scopes: meta.scopes,
    readOnly,
    destructive: !readOnly && (entry.destructive ?? true),
    idempotent: readOnly || (entry.idempotent ?? false),
    inputSchema: {
      type: 'object',
      properties,
      required: [...new Set([...params.required, ...query.required, ...body.required])],
      ...(Object.keys(defs).length ? { $defs: defs } : {}),
    },
    params: Object.keys(params.props),
    query: Object.keys(query.props),
    nestedBody: body.nested ?? false,
    handler,
  };
}

let cached: Promise<McpTool[]> | undefined;

/** Every tool of the catalogue, built once per process from the routes' metadata. */
export function mcpTools(routes: readonly McpRouteSource[]): Promise<McpTool[]> {
  cached ??= Promise.all(
    MCP_TOOL_CATALOGUE.map(async (entry) => {
      const route = routes.find((r) => r.path === entry.path);
      const handler = route ? ((await route.load())[entry.method] as RouteHandler | undefined) : undefined;
      if (!handler?.meta) throw new Error(`MCP: no route ${entry.method} ${entry.path} for the tool ${entry.name}`);
      return toolFromRoute(entry, handler.meta, handler);
    }),
  ).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** The tools this caller may use: its permissions (the key's scopes within its owner's role) and scope. */
export function toolsFor(tools: McpTool[], caller: { permissions: ReadonlySet<Permission>; scope: Scope }): McpTool[] {
  return tools.filter((t) => (t.permission === 'none' || caller.permissions.has(t.permission)) && (!t.scopes || t.scopes.includes(caller.scope)));
}
