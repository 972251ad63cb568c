// MCP resources: devices, alerts and tickets by URI (rmm://devices/<id>, …). A read is the record's
// own GET route called with the caller's key, so scope and permission are the route's: a record
// outside the caller's scope is not found, exactly as over HTTP.
import type { Permission } from '@/lib/auth/permissions';
import type { RouteHandler } from '@/lib/http/define-route';
import type { McpRouteSource } from '@/lib/mcp/build-mcp-tools';
import { callRoute, type McpCaller, type RouteAnswer } from '@/lib/mcp/call-route';

export interface McpResourceKind {
  /** The URI's first segment: rmm://<kind>/<id>. */
  kind: 'devices' | 'alerts' | 'tickets';
  title: string;
  description: string;
  permission: Permission;
  /** The record's route and the list route that names recent records. */
  itemPath: string;
  listPath: string;
  listQuery: Record<string, string>;
  label: (row: Record<string, unknown>) => string;
}

export const MCP_RESOURCE_KINDS: readonly McpResourceKind[] = [
  {
    kind: 'devices',
    title: 'Device',
    description: 'A managed device: hostname, organization and site, OS, agent, status and last contact.',
    permission: 'devices:read',
    itemPath: '/devices/{id}',
    listPath: '/devices',
    listQuery: { limit: '50', sort: 'lastSeen' },
    label: (r) => String(r.displayName ?? r.hostname ?? r.id),
  },
  {
    kind: 'alerts',
    title: 'Alert',
    description: 'An alert with its severity, status, device and what triggered it.',
    permission: 'alerts:read',
    itemPath: '/alerts/{id}',
    listPath: '/alerts',
    listQuery: { limit: '50', status: 'active,acknowledged' },
    label: (r) => `[${String(r.severity)}] ${String(r.title)}`,
  },
  {
    kind: 'tickets',
    title: 'Ticket',
    description: 'A service-desk ticket with its status, priority, organization and assignee.',
    permission: 'tickets:read',
    itemPath: '/tickets/{id}',
    listPath: '/tickets',
    listQuery: { limit: '50' },
    label: (r) => `#${String(r.number)} ${String(r.subject)}`,
  },
];

export const RESOURCE_SCHEME = 'rmm';
const URI = /^rmm:\/\/(devices|alerts|tickets)\/([0-9a-fA-F-]{36})$/;

export function resourceUri(kind: McpResourceKind['kind'], id: string): string {
  return `${RESOURCE_SCHEME}://${kind}/${id}`;
}

export function parseResourceUri(uri: string): { kind: McpResourceKind; id: string } | null {
  const m = URI.exec(uri);
  const kind = m && MCP_RESOURCE_KINDS.find((k) => k.kind === m[1]);
  return kind ? { kind, id: m[2].toLowerCase() } : null;
}

export async function loadGet(routes: readonly McpRouteSource[], path: string): Promise<RouteHandler> {
  const route = routes.find((r) => r.path === path);
  const handler = route ? ((await route.load()).GET as RouteHandler | undefined) : undefined;
  if (!handler) throw new Error(`MCP: no GET route ${path}`);
  return handler;
}

export async function readResource(routes: readonly McpRouteSource[], caller: McpCaller, kind: McpResourceKind, id: string): Promise<RouteAnswer> {
  return callRoute(caller, { handler: await loadGet(routes, kind.itemPath), method: 'GET', path: kind.itemPath, params: { id } });
}

/** Recent records of one kind, as resources (the list route's first page). */
export async function listResources(routes: readonly McpRouteSource[], caller: McpCaller, kind: McpResourceKind) {
  const answer = await callRoute(caller, { handler: await loadGet(routes, kind.listPath), method: 'GET', path: kind.listPath, query: kind.listQuery });
  if (answer.status !== 200) return [];
  const rows = ((answer.body as { data?: unknown[] } | null)?.data ?? []) as Record<string, unknown>[];
  return rows.map((row) => ({
    uri: resourceUri(kind.kind, String(row.id)),
    name: kind.label(row),
    title: kind.label(row),
    mimeType: 'application/json',
  }));
}
