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
  '/ai/sessions/{id}': 'aiSession',
  '/ai/sessions/{id}/approve/{executionId}': 'aiExecution',
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
  '/mobile/devices/{id}': 'device',
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
  '/psa/connections/{id}': 'psaConnection',
  '/plugins/installations/{id}': 'pluginInstallation',
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
const hashes = new Map<string, string>();
let written: string[] = [];

const quoted = (t: string) => `"${t.replaceAll('"', '""')}"`;
const literal = (t: string) => `'${t.replaceAll("'", "''")}'`;

/**
 * Every table gets a statement-level trigger that notes its name in an unlogged table outside the
 * public schema (so outside the fingerprint): a row can only change through an INSERT, UPDATE,
 * DELETE or TRUNCATE of its table (a cascade runs one too), so every table whose rows changed is
 * named (a statement rolled back takes its note with it, as it takes its rows). Cheaper than
 * asking each of ~200 tables whether its (count, max xmin) moved: that query cost ~60 ms an
 * operation, more than the probes it checked.
 */
async function watchTables(tables: string[]): Promise<void> {
  const triggers = tables.map((t) => `create trigger contract_watch after insert or update or delete or truncate on ${quoted(t)} for each statement execute function contract_watch.touch();`);
  await db.$executeRawUnsafe(`do $watch$ begin
    create schema contract_watch;
    create unlogged table contract_watch.touched (t text not null);
    create function contract_watch.touch() returns trigger language plpgsql as $fn$ begin insert into contract_watch.touched values (tg_table_name); return null; end $fn$;
    ${triggers.join('\n    ')}
  end $watch$`);
}

/** The tables written since the last call, volatile ones included (every table on the first). */
async function touchedTables(): Promise<string[]> {
  if (!tableNames) {
    const tables = await db.$queryRaw<{ t: string }[]>`select table_name::text as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`;
    const all = tables.map(({ t }) => t);
    await watchTables(all);
    tableNames = all.filter((t) => !VOLATILE_TABLES.has(t));
    return all;
  }
  const touched = await db.$queryRaw<{ t: string }[]>`with d as (delete from contract_watch.touched returning t) select distinct t from d`;
  return touched.map(({ t }) => t);
}

/**
 * One hash per table of every row (minus volatile tables and columns). Only the tables written
 * since the last fingerprint are hashed again (see watchTables).
 */
export async function fingerprint(): Promise<Map<string, string>> {
  written = await touchedTables();
  const watched = new Set(tableNames);
  const moved = written.filter((t) => watched.has(t));
  if (moved.length) {
    const drop = VOLATILE_COLUMNS.map((c) => `'${c}'`).join(',');
    const hashSql = moved
      .map((t) => `select ${literal(t)} as t, md5(coalesce(string_agg(h, ',' order by h), '')) as h from (select md5((to_jsonb(x) - array[${drop}])::text) as h from ${quoted(t)} x) s`)
      .join(' union all ');
    const rows = await db.$queryRawUnsafe<{ t: string; h: string }[]>(hashSql);
    for (const r of rows) hashes.set(r.t, r.h);
  }
  return new Map(hashes);
}

/**
 * The public tables written between the last two fingerprints, volatile ones included (every
 * table after the first): no other table's rows can have changed in between.
 */
export function writtenTables(): string[] {
  return written;
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((t) => before.get(t) !== after.get(t));
}

/** Every `id` of every public table, to tell which rows a seeding step created. */
export async function allRowIds(): Promise<Set<string>> {
  return new Set([...(await rowIdsByTable()).values()].flatMap((ids) => [...ids]));
}

let idTables: Promise<{ t: string }[]> | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `id`s of every public table that has one (or of those among `only`), by table. */
export async function rowIdsByTable(only?: string[]): Promise<Map<string, Set<string>>> {
  idTables ??= db.$queryRaw<{ t: string }[]>`
    select c.table_name::text as t from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and c.column_name = 'id' and t.table_type = 'BASE TABLE'`;
  const tables = (await idTables).filter(({ t }) => !only || only.includes(t));
  const out = new Map<string, Set<string>>(tables.map(({ t }) => [t, new Set<string>()]));
  if (!tables.length) return out;
  const sql = tables.map(({ t }) => `select ${literal(t)} as t, id::text as id from ${quoted(t)}`).join(' union all ');
  const rows = await db.$queryRawUnsafe<{ t: string; id: string }[]>(sql);
  // Only uuids: a serial id ("3") is no secret and matches any text.
  for (const r of rows) if (UUID.test(r.id)) out.get(r.t)!.add(r.id);
  return out;
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
