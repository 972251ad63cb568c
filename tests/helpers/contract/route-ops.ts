// The operations of the route index as the tenancy contract suites see them: which are in scope
// by rule, which record each path parameter names, a valid input per operation, and a database
// fingerprint to prove a refused request changed nothing.
import { routeIndex } from '@/app/api/route-index.generated';
import type { RouteMeta } from '@/lib/http/define-route';
import { db } from '@/lib/db';
import { validInput } from './valid-input';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface Op {
  method: string;
  path: string;
  /** "METHOD /path/{param}", the key of the exclusion and known-defect lists. */
  key: string;
  meta: RouteMeta;
  params: string[];
  /** False for handlers built without the route wrapper (their meta here is a stand-in). */
  wrapped: boolean;
}

export async function loadOps(): Promise<Op[]> {
  const ops: Op[] = [];
  for (const entry of routeIndex) {
    const mod = await entry.load();
    for (const method of METHODS) {
      const handler = mod[method] as { meta?: RouteMeta } | undefined;
      if (!handler) continue;
      // Routes built without the wrapper (the docs page and its assets) carry no metadata: public.
      const meta = handler.meta ?? ({ auth: ['none'], permission: 'none', mfa: false, status: 200, summary: '' } as RouteMeta);
      ops.push({ method, path: entry.path, key: `${method} ${entry.path}`, meta, params: [...entry.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]), wrapped: !!handler.meta });
    }
  }
  return ops;
}

/**
 * Why an operation is outside the cross-tenant contract by rule, or null when it is in:
 * - public: it authenticates nobody (auth 'none' only), so there is no tenant to cross;
 * - system-only: its declared scopes exclude partner callers, who get 403 before any lookup;
 * - machine credentials with no tenant data to name (inbound mail hook).
 */
export function excludedByRule(op: Op): string | null {
  const auth = op.meta.auth;
  if (auth.every((a) => a === 'none')) return 'public';
  if (op.meta.scopes && !op.meta.scopes.includes('partner')) return 'system-only';
  if (auth.every((a) => a === 'inboundEmail')) return 'inbound-email hook (shared secret, no caller tenant)';
  return null;
}

/**
 * The record each path parameter names, by the path up to and including the parameter. An
 * operation whose parameters are not all here is uncovered and must be listed with a reason.
 */
export const PARAM_RECORDS: Record<string, string> = {
  '/access-reviews/{id}': 'accessReview',
  '/access-reviews/{id}/items/{itemId}': 'accessReviewItem',
  '/agents/{agentId}': 'agent',
  '/agents/{agentId}/commands/{commandId}': 'deviceCommand',
  '/agents/{agentId}/discovery/jobs/{jobId}': 'discoveryJob',
  '/agents/{agentId}/elevation-requests/{id}': 'elevationRequest',
  '/agents/{agentId}/software/installers/{versionId}': 'softwareVersion',
  '/agents/{agentId}/snmp/polls/{commandId}': 'snmpPollCommand',
  '/alert-templates/templates/{id}': 'alertTemplate',
  '/analytics/dashboards/{id}': 'dashboard',
  '/analytics/sla/{id}': 'sla',
  '/analytics/widgets/{id}': 'widget',
  '/alerts/channels/{id}': 'channel',
  '/alerts/policies/{id}': 'policy',
  '/alerts/rules/{id}': 'rule',
  '/alerts/{id}': 'alert',
  '/api-keys/{id}': 'apiKey',
  '/assets/{id}': 'asset',
  '/audit-logs/logs/{id}': 'auditLog',
  '/automations/{id}': 'automation',
  '/automations/runs/{runId}': 'automationRun',
  '/catalog/{id}': 'catalogItem',
  '/contracts/{id}': 'contract',
  '/contracts/{id}/lines/{lineId}': 'contractLine',
  '/contracts/{id}/periods/{periodId}': 'contractPeriod',
  '/custom-fields/{id}': 'customField',
  '/deployments/{id}': 'deployment',
  '/deployments/{id}/devices/{deviceId}': 'device',
  '/devices/{id}': 'device',
  '/discovery/assets/{id}': 'discoveryAsset',
  '/discovery/jobs/{id}': 'discoveryJob',
  '/discovery/profiles/{id}': 'discoveryProfile',
  '/devices/{id}/commands/{commandId}': 'deviceCommand',
  '/distributor/orders/{id}': 'distributorOrder',
  '/distributor/orders/{id}/lines/{lineId}': 'distributorOrderLine',
  '/distributor/products/{productId}': 'distributorProductKey',
  '/enrollment-keys/{id}': 'enrollmentKey',
  '/filters/{id}': 'savedFilter',
  '/groups/{id}': 'group',
  '/groups/{id}/devices/{deviceId}': 'device',
  '/invoices/{id}': 'invoice',
  '/invoices/{id}/lines/{lineId}': 'invoiceLine',
  '/maintenance/occurrences/{id}': 'maintenanceOccurrence',
  '/maintenance/windows/{id}': 'maintenanceWindow',
  '/mobile/alerts/{id}': 'alert',
  '/incidents/{id}': 'incident',
  '/incidents/integrations/{id}': 'edrIntegration',
  '/monitors/alerts/{id}': 'monitorAlert',
  '/monitors/{id}': 'monitor',
  '/notifications/{id}': 'notification',
  '/orgs/contacts/{contactId}': 'contact',
  '/orgs/organizations/{id}': 'org',
  '/orgs/partners/{id}': 'partner',
  '/orgs/sites/{id}': 'site',
  '/pam/elevation-requests/{id}': 'elevationRequest',
  '/pam/rules/{id}': 'pamRule',
  '/pam/signer-groups/{id}': 'pamSignerGroup',
  '/patch-policies/{id}': 'patchPolicy',
  '/patches/{id}': 'patch',
  '/policies/{id}': 'configPolicy',
  '/policies/compliance/device/{deviceId}': 'device',
  // A compliance report is an organization's.
  '/patches/compliance/report/{id}': 'org',
  '/portal/assets/{id}': 'asset',
  '/portal/tickets/{id}': 'ticket',
  '/portal/tickets/{id}/attachments/{attachmentId}': 'attachment',
  '/quotes/{id}': 'quote',
  '/quotes/{id}/blocks/{blockId}': 'quoteBlock',
  '/quotes/{id}/lines/{lineId}': 'quoteLine',
  '/reports/{id}': 'report',
  '/reports/runs/{id}': 'reportRun',
  '/roles/{id}': 'role',
  '/script-library/categories/{id}': 'scriptCategory',
  // A template id names a built-in template; a tenant's script id must not pass for one.
  '/script-library/from-template/{templateId}': 'script',
  '/script-library/scripts/{id}': 'script',
  '/script-library/scripts/{id}/rollback/{versionId}': 'scriptVersion',
  '/script-library/tags/{id}': 'scriptTag',
  '/scripts/executions/{id}': 'scriptExecution',
  // The import source is the system library; a tenant's script id must not pass for one.
  '/scripts/import/{id}': 'script',
  '/scripts/{id}': 'script',
  '/security/policies/{id}': 'securityPolicy',
  '/security/posture/{deviceId}': 'device',
  '/security/recommendations/{id}': 'securityRecommendation',
  '/security/scan/{deviceId}': 'device',
  '/security/scans/{deviceId}': 'device',
  '/security/status/{deviceId}': 'device',
  // The threat actions' id; GET /security/threats/{id} reads a device's threats by device id.
  '/security/threats/{id}': 'securityThreat',
  '/service-principals/{id}': 'servicePrincipal',
  '/snmp/devices/{id}': 'snmpDevice',
  '/sso/providers/{id}': 'ssoProvider',
  '/sso/providers/{id}/domains/{domain}': 'ssoDomain',
  '/snmp/metrics/{deviceId}': 'snmpDevice',
  // An OID is not a record: every tenant's world names the same one; the device decides.
  '/snmp/metrics/{deviceId}/{oid}': 'snmpOid',
  '/snmp/templates/{id}': 'snmpTemplate',
  '/snmp/thresholds/{id}': 'snmpThreshold',
  '/software/catalog/{id}': 'softwarePackage',
  '/software/deployments/{id}': 'deployment',
  '/software/catalog/{id}/versions/{versionId}': 'softwareVersion',
  '/software/inventory/{deviceId}': 'device',
  '/system-tools/devices/{deviceId}': 'device',
  '/remote/sessions/{id}': 'remoteSession',
  '/tunnels/{id}': 'tunnel',
  '/software/inventory/{deviceId}/{softwareId}': 'deviceSoftware',
  '/ticket-response-templates/{id}': 'ticketResponseTemplate',
  '/tickets/{id}': 'ticket',
  '/tickets/{id}/attachments/{attachmentId}': 'attachment',
  '/users/{id}': 'user',
  '/vulnerabilities/{id}': 'vulnerabilityFinding',
  '/vulnerabilities/software/{groupKey}': 'vulnerabilityGroup',
  '/webhooks/dead-letters/{id}': 'deadLetter',
  '/webhooks/{id}': 'webhook',
  '/webhooks/{id}/retry/{deliveryId}': 'delivery',
};

/** Operations that need a particular kind of parent (pins exist on dynamic groups only). */
const OP_RECORDS: Record<string, string[]> = {
  'POST /groups/{id}/devices/{deviceId}/pin': ['dynamicGroup', 'device'],
  'DELETE /groups/{id}/devices/{deviceId}/pin': ['dynamicGroup', 'device'],
  // One segment name, two meanings: GET /snmp/thresholds/:deviceId lists a device's thresholds.
  'GET /snmp/thresholds/{id}': ['snmpDevice'],
};

/** The record kind of each path parameter of `op`, or null when one is unmapped. */
export function recordKinds(op: Op): string[] | null {
  if (OP_RECORDS[op.key]) return OP_RECORDS[op.key];
  const kinds: string[] = [];
  for (const param of op.params) {
    const prefix = op.path.slice(0, op.path.indexOf(`{${param}}`) + param.length + 2);
    const kind = PARAM_RECORDS[prefix];
    if (!kind) return null;
    kinds.push(kind);
  }
  return kinds;
}

/** The concrete path, each parameter replaced by `pick(kind, position)`. */
export function fillPath(op: Op, kinds: string[], pick: (kind: string, index: number) => string): string {
  let i = 0;
  return op.path.replace(/\{\w+\}/g, () => {
    const at = i++;
    return encodeURIComponent(pick(kinds[at], at));
  });
}

// Body fields whose name does not say their record kind.
const FIELD_ALIASES: Record<string, string> = {
  categoryId: 'scriptCategory',
  tagId: 'scriptTag',
  integrationId: 'distributorIntegration',
  reviewId: 'accessReview',
  channelId: 'channel',
  ruleId: 'rule',
  templateId: 'ticketResponseTemplate',
  contactId: 'contact',
  catalogItemId: 'catalogItem',
  attachmentId: 'attachment',
  probeDeviceId: 'device',
  profileId: 'discoveryProfile',
};

/** Maps a body or query field (orgId, deviceIds, …) to an id of the tenant's records. */
export function idForField(ids: Record<string, string>) {
  return (field: string): string | undefined => {
    if (FIELD_ALIASES[field]) return ids[FIELD_ALIASES[field]];
    const base = field.replace(/Ids?$/, '');
    return ids[base] ?? ids[field];
  };
}

/** The input of an operation: a table entry when the schema cannot show what it needs, else derived. */
export function inputFor(schema: RouteMeta['body'], ids: Record<string, string>, text: string, table?: unknown, nonEmpty = false): { ok: boolean; value: unknown } {
  if (!schema) return { ok: true, value: table };
  if (table !== undefined) return { ok: schema.safeParse(table).success, value: table };
  const value = validInput(schema, { idFor: idForField(ids), text }, { nonEmpty });
  return { ok: value !== undefined, value };
}

// Tables whose rows change on any authenticated request (sign-in bookkeeping, counters, logs).
const VOLATILE_TABLES = new Set(['_prisma_migrations', 'audit_logs', 'sessions', 'refresh_tokens', 'rate_limit_events', 'portal_sessions']);
// Columns touched by authenticating itself (the caller's own key, principal or agent).
const VOLATILE_COLUMNS = ['last_used_at', 'last_used_ip', 'last_seen_at', 'last_login_at', 'last_heartbeat_at', 'last_active_at'];

let tableNames: string[] | null = null;
const hashes = new Map<string, { stamp: string; hash: string }>();

const quoted = (t: string) => `"${t.replaceAll('"', '""')}"`;

/**
 * One hash per table of every row (minus volatile tables and columns). A row version's xmin and
 * the row count change with any insert, update or delete, so only tables whose (count, max xmin)
 * moved are hashed again: the full hash of ~100 tables per probe dominated the suite's time.
 */
export async function fingerprint(): Promise<Map<string, string>> {
  if (!tableNames) {
    const tables = await db.$queryRaw<{ t: string }[]>`select table_name::text as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`;
    tableNames = tables.map(({ t }) => t).filter((t) => !VOLATILE_TABLES.has(t));
  }
  const stampSql = tableNames.map((t) => `select '${t}' as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as s from ${quoted(t)}`).join(' union all ');
  const stamps = await db.$queryRawUnsafe<{ t: string; s: string }[]>(stampSql);
  const moved = stamps.filter((r) => hashes.get(r.t)?.stamp !== r.s);
  if (moved.length) {
    const drop = VOLATILE_COLUMNS.map((c) => `'${c}'`).join(',');
    const hashSql = moved
      .map(({ t }) => `select '${t}' as t, md5(coalesce(string_agg(h, ',' order by h), '')) as h from (select md5((to_jsonb(x) - array[${drop}])::text) as h from ${quoted(t)} x) s`)
      .join(' union all ');
    const rows = await db.$queryRawUnsafe<{ t: string; h: string }[]>(hashSql);
    const stampOf = new Map(moved.map((r) => [r.t, r.s]));
    for (const r of rows) hashes.set(r.t, { stamp: stampOf.get(r.t)!, hash: r.h });
  }
  return new Map([...hashes].map(([t, v]) => [t, v.hash]));
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((t) => before.get(t) !== after.get(t));
}

/** Every `id` of every public table, to tell which rows a seeding step created. */
export async function allRowIds(): Promise<Set<string>> {
  const tables = await db.$queryRaw<{ t: string }[]>`
    select c.table_name::text as t from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and c.column_name = 'id' and t.table_type = 'BASE TABLE'`;
  const sql = tables.map(({ t }) => `select id::text as id from "${t}"`).join(' union all ');
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(sql);
  // Only uuids: a serial id ("3") is no secret and matches any text.
  return new Set(rows.map((r) => r.id).filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)));
}

/** Every string in a request's query and body: an answer may echo them without leaking anything. */
export function sentStrings(...inputs: unknown[]): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  inputs.forEach(walk);
  return out.filter((s) => s.length >= 8).sort((a, b) => b.length - a.length);
}

/** The first of `needles` found in `text` (case-insensitive), or undefined. */
export function findLeak(text: string, needles: Iterable<string>): string | undefined {
  const hay = text.toLowerCase();
  for (const n of needles) if (n && hay.includes(n.toLowerCase())) return n;
  return undefined;
}
