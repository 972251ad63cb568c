// The partner-API exports. Every source pages by keyset on an indexed, immutable key (the
// primary key), never by offset: rows inserted while a client pages can neither shift a page
// nor be returned twice, and every row that existed when paging began is returned exactly once.
// Tenancy (the principal's partner and organization access) is in every query's where.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import type { ServicePrincipalContext } from '@/lib/auth/context';
import { toOrganizationDto } from '@/lib/organizations/to-organization-dto';
import { tenantWhere } from '@/lib/tenancy/scope';

/** The principal's reach: its partner and, when narrowed, its organizations. */
export interface ExportScope {
  partnerId: string;
  /** null: every organization of the partner. */
  orgIds: string[] | null;
}

/** The principal's tenancy predicate in the shape raw SQL needs. */
export function exportScopeOf(ctx: ServicePrincipalContext): ExportScope {
  const { orgId } = tenantWhere(ctx);
  return { partnerId: ctx.partnerId, orgIds: orgId === undefined ? null : typeof orgId === 'string' ? [orgId] : orgId.in };
}

/**
 * Rows of soft-deleted organizations disappear from every query, like everywhere else. The
 * partner's few deleted organizations are read once per query (an InitPlan), so each page
 * stays one index range scan with a cheap filter, and no extra round trip.
 */
const notDeletedOrg = (scope: ExportScope, column: Prisma.Sql) =>
  Prisma.sql`${column} <> all(array(select id from organizations where partner_id = ${scope.partnerId}::uuid and deleted_at is not null))`;

export interface ExportSource<Row> {
  name: string;
  /** Rows strictly after `after` (a key from keyOf) in key order, at most `take`. */
  fetch(scope: ExportScope, after: string | null, take: number): Promise<Row[]>;
  keyOf(row: Row): string;
  /**
   * Optional fast path for large exports: PostgreSQL renders the page as JSON text, so no row
   * is materialised in JavaScript. Same rows, order and shapes as `fetch`.
   */
  fetchJson?(scope: ExportScope, after: string | null, limit: number): Promise<JsonPage>;
}

export interface JsonPage {
  /** JSON array text of at most `limit` rows. */
  json: string;
  /** Key of the last row of the page (null when empty). */
  lastKey: string | null;
  hasMore: boolean;
}

/** ISO 8601 in UTC with milliseconds, exactly like Date.prototype.toISOString. */
const isoSql = (column: Prisma.Sql) => Prisma.sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Runs a page query (rows ordered by `id`, `limit + 1` of them) and renders `limit` as JSON. */
async function jsonPage(pageSql: Prisma.Sql, object: Prisma.Sql, limit: number): Promise<JsonPage> {
  const [row] = await db.$queryRaw<{ n: number; last_key: string | null; json: string }[]>`
    with page as (${pageSql}), head as (select * from page order by id limit ${limit})
    select (select count(*)::int from page) as n,
           (select id::text from head order by id desc limit 1) as last_key,
           coalesce((select json_agg(${object} order by id) from head), '[]')::text as json`;
  return { json: row.json, lastKey: row.last_key, hasMore: row.n > limit };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** org_id predicate for raw SQL over a table alias. */
function orgFilter(scope: ExportScope, column: Prisma.Sql): Prisma.Sql {
  const narrowed = scope.orgIds ? Prisma.sql`and ${column} = any(${scope.orgIds}::uuid[])` : Prisma.empty;
  return Prisma.sql`${narrowed} and ${notDeletedOrg(scope, column)}`;
}

const afterId = (column: Prisma.Sql, after: string | null) => (after ? Prisma.sql`and ${column} > ${after}::uuid` : Prisma.empty);

export const organizationsExport: ExportSource<ReturnType<typeof toOrganizationDto>> = {
  name: 'organizations',
  async fetch(scope, after, take) {
    const rows = await db.organization.findMany({
      where: { partnerId: scope.partnerId, deletedAt: null, ...(scope.orgIds ? { id: { in: scope.orgIds } } : {}), ...(after ? { AND: [{ id: { gt: after } }] } : {}) },
      orderBy: { id: 'asc' },
      take,
    });
    return rows.map(toOrganizationDto);
  },
  keyOf: (row) => row.id,
};

export const sitesExport: ExportSource<{ siteId: string; orgId: string; name: string; timezone: string | null; address: string | null; createdAt: string; updatedAt: string }> = {
  name: 'sites',
  async fetch(scope, after, take) {
    const rows = await db.$queryRaw<{ id: string; org_id: string; name: string; timezone: string | null; address: string | null; created_at: Date; updated_at: Date }[]>`
      select s.id, s.org_id, s.name, s.timezone, s.address, s.created_at, s.updated_at
      from sites s join organizations o on o.id = s.org_id
      where s.partner_id = ${scope.partnerId}::uuid and s.deleted_at is null and o.deleted_at is null
        ${orgFilter(scope, Prisma.sql`s.org_id`)} ${afterId(Prisma.sql`s.id`, after)}
      order by s.id limit ${take}`;
    return rows.map((r) => ({ siteId: r.id, orgId: r.org_id, name: r.name, timezone: r.timezone, address: r.address, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString() }));
  },
  keyOf: (row) => row.siteId,
};

interface DeviceRow {
  id: string; org_id: string; site_id: string | null; hostname: string; display_name: string | null; os_type: string | null; os_version: string | null;
  architecture: string | null; agent_version: string | null; status: string; tags: string[]; last_seen_at: Date | null; enrolled_at: Date | null; created_at: Date; updated_at: Date;
}

export const devicesExport: ExportSource<ReturnType<typeof toDeviceRow>> = {
  name: 'devices',
  async fetch(scope, after, take) {
    // Only the exported columns (no hardware/metrics JSON), walking index (partner_id, id).
    const rows = await db.$queryRaw<DeviceRow[]>`
      select id, org_id, site_id, hostname, display_name, os_type::text as os_type, os_version, architecture, agent_version,
             status::text as status, tags, last_seen_at, enrolled_at, created_at, updated_at
      from devices
      where partner_id = ${scope.partnerId}::uuid ${orgFilter(scope, Prisma.sql`org_id`)} ${afterId(Prisma.sql`id`, after)}
      order by partner_id, id limit ${take}`;
    return rows.map(toDeviceRow);
  },
  keyOf: (row) => row.id,
  fetchJson(scope, after, limit) {
    return jsonPage(
      Prisma.sql`select id, org_id, site_id, hostname, display_name, os_type, os_version, architecture, agent_version, status, tags, last_seen_at, enrolled_at, created_at, updated_at
        from devices where partner_id = ${scope.partnerId}::uuid ${orgFilter(scope, Prisma.sql`org_id`)} ${afterId(Prisma.sql`id`, after)}
        order by partner_id, id limit ${limit + 1}`,
      Prisma.sql`json_build_object('id', id, 'orgId', org_id, 'siteId', site_id, 'hostname', hostname, 'displayName', display_name, 'osType', os_type,
        'osVersion', os_version, 'architecture', architecture, 'agentVersion', agent_version, 'status', status, 'tags', tags,
        'lastSeenAt', ${isoSql(Prisma.sql`last_seen_at`)}, 'enrolledAt', ${isoSql(Prisma.sql`enrolled_at`)},
        'createdAt', ${isoSql(Prisma.sql`created_at`)}, 'updatedAt', ${isoSql(Prisma.sql`updated_at`)})`,
      limit,
    );
  },
};

function toDeviceRow(r: DeviceRow) {
  return {
    id: r.id, orgId: r.org_id, siteId: r.site_id, hostname: r.hostname, displayName: r.display_name, osType: r.os_type, osVersion: r.os_version,
    architecture: r.architecture, agentVersion: r.agent_version, status: r.status, tags: r.tags, lastSeenAt: iso(r.last_seen_at),
    enrolledAt: iso(r.enrolled_at), createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
  };
}

export const deviceInventoryExport: ExportSource<{ deviceId: string; orgId: string; hardware: unknown; os: unknown; disks: unknown; network: unknown; collectedAt: string; receivedAt: string }> = {
  name: 'device-inventory',
  async fetch(scope, after, take) {
    const rows = await db.$queryRaw<{ device_id: string; org_id: string; hardware: unknown; os: unknown; disks: unknown; network: unknown; collected_at: Date; received_at: Date }[]>`
      select device_id, org_id, hardware, os, disks, network, collected_at, received_at
      from device_inventory
      where partner_id = ${scope.partnerId}::uuid ${orgFilter(scope, Prisma.sql`org_id`)} ${afterId(Prisma.sql`device_id`, after)}
      order by partner_id, device_id limit ${take}`;
    return rows.map((r) => ({ deviceId: r.device_id, orgId: r.org_id, hardware: r.hardware, os: r.os, disks: r.disks, network: r.network, collectedAt: r.collected_at.toISOString(), receivedAt: r.received_at.toISOString() }));
  },
  keyOf: (row) => row.deviceId,
};

export const deviceSoftwareExport: ExportSource<{ id: string; deviceId: string; orgId: string; name: string; version: string | null; publisher: string | null; source: string | null; installedAt: string | null }> = {
  name: 'device-software',
  async fetch(scope, after, take) {
    const rows = await db.$queryRaw<{ id: string; device_id: string; org_id: string; name: string; version: string | null; publisher: string | null; source: string | null; installed_at: Date | null }[]>`
      select id, device_id, org_id, name, version, publisher, source, installed_at
      from device_software
      where partner_id = ${scope.partnerId}::uuid ${orgFilter(scope, Prisma.sql`org_id`)} ${afterId(Prisma.sql`id`, after)}
      order by partner_id, id limit ${take}`;
    return rows.map((r) => ({ id: r.id, deviceId: r.device_id, orgId: r.org_id, name: r.name, version: r.version, publisher: r.publisher, source: r.source, installedAt: iso(r.installed_at) }));
  },
  keyOf: (row) => row.id,
  fetchJson(scope, after, limit) {
    return jsonPage(
      Prisma.sql`select id, device_id, org_id, name, version, publisher, source, installed_at
        from device_software where partner_id = ${scope.partnerId}::uuid ${orgFilter(scope, Prisma.sql`org_id`)} ${afterId(Prisma.sql`id`, after)}
        order by partner_id, id limit ${limit + 1}`,
      Prisma.sql`json_build_object('id', id, 'deviceId', device_id, 'orgId', org_id, 'name', name, 'version', version, 'publisher', publisher,
        'source', source, 'installedAt', ${isoSql(Prisma.sql`installed_at`)})`,
      limit,
    );
  },
};

type RelationshipRow = { deviceId: string; orgId: string; relationship: 'member_of'; relatedType: 'device_group'; relatedId: string; relatedName: string; source: string; since: string };

export const deviceRelationshipsExport: ExportSource<RelationshipRow> = {
  name: 'device-relationships',
  async fetch(scope, after, take) {
    // Keyset on the membership's primary key (group_id, device_id).
    const [groupId, deviceId] = after ? after.split(':') : [];
    const rows = await db.$queryRaw<{ group_id: string; device_id: string; org_id: string; name: string; source: string; added_at: Date }[]>`
      select m.group_id, m.device_id, m.org_id, g.name, m.source, m.added_at
      from device_group_memberships m join device_groups g on g.id = m.group_id
      where m.partner_id = ${scope.partnerId}::uuid ${orgFilter(scope, Prisma.sql`m.org_id`)}
        ${after ? Prisma.sql`and (m.group_id, m.device_id) > (${groupId}::uuid, ${deviceId}::uuid)` : Prisma.empty}
      order by m.group_id, m.device_id limit ${take}`;
    return rows.map((r) => ({ deviceId: r.device_id, orgId: r.org_id, relationship: 'member_of' as const, relatedType: 'device_group' as const, relatedId: r.group_id, relatedName: r.name, source: r.source, since: r.added_at.toISOString() }));
  },
  keyOf: (row) => `${row.relatedId}:${row.deviceId}`,
};

/** Partner-wide rows (org_id null) plus rows of the organizations in reach. */
function orgOrPartnerWide(scope: ExportScope, column: Prisma.Sql): Prisma.Sql {
  const narrowed = scope.orgIds ? Prisma.sql`${column} = any(${scope.orgIds}::uuid[])` : Prisma.sql`true`;
  return Prisma.sql`and (${column} is null or (${narrowed} and ${notDeletedOrg(scope, column)}))`;
}

type ScriptRow = {
  id: string; orgId: string | null; availability: 'org' | 'partner'; name: string; description: string | null; category: string | null; tags: string[]; osTypes: string[]; language: string; content: string;
  runAs: string; timeoutSeconds: number; parameters: unknown; exitCodeSeverityMapping: unknown; version: number; createdAt: string; updatedAt: string;
};

export const scriptsExport: ExportSource<ScriptRow> = {
  name: 'scripts',
  async fetch(scope, after, take) {
    const rows = await db.$queryRaw<{
      id: string; org_id: string | null; name: string; description: string | null; category: string | null; os_types: string[]; language: string; content: string;
      run_as: string; timeout_seconds: number; parameters: unknown; exit_code_severity_mapping: unknown; version: number; created_at: Date; updated_at: Date; tags: string[];
    }[]>`
      select s.id, s.org_id, s.name, s.description, c.name as category, s.os_types::text[] as os_types, s.language::text as language, s.content,
             s.run_as::text as run_as, s.timeout_seconds, s.parameters, s.exit_code_severity_mapping, s.version, s.created_at, s.updated_at,
             array(select t.name from script_tag_links l join script_tags t on t.id = l.tag_id where l.script_id = s.id order by t.name) as tags
      from scripts s left join script_categories c on c.id = s.category_id
      where s.partner_id = ${scope.partnerId}::uuid ${orgOrPartnerWide(scope, Prisma.sql`s.org_id`)} ${afterId(Prisma.sql`s.id`, after)}
      order by s.id limit ${take}`;
    return rows.map((r) => ({
      id: r.id, orgId: r.org_id, availability: r.org_id ? ('org' as const) : ('partner' as const), name: r.name, description: r.description, category: r.category, tags: r.tags,
      osTypes: r.os_types, language: r.language, content: r.content,
      runAs: r.run_as, timeoutSeconds: r.timeout_seconds, parameters: r.parameters, exitCodeSeverityMapping: r.exit_code_severity_mapping, version: r.version,
      createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
    }));
  },
  keyOf: (row) => row.id,
};

type CustomFieldRow = { id: string; orgId: string | null; key: string; name: string; description: string | null; type: string; options: string[]; scriptWritable: boolean; createdAt: string; updatedAt: string };

export const customFieldsExport: ExportSource<CustomFieldRow> = {
  name: 'custom-fields',
  async fetch(scope, after, take) {
    const rows = await db.$queryRaw<{ id: string; org_id: string | null; key: string; name: string; description: string | null; type: string; options: string[]; script_writable: boolean; created_at: Date; updated_at: Date }[]>`
      select id, org_id, key, name, description, type::text as type, options, script_writable, created_at, updated_at
      from custom_field_definitions
      where partner_id = ${scope.partnerId}::uuid ${orgOrPartnerWide(scope, Prisma.sql`org_id`)} ${afterId(Prisma.sql`id`, after)}
      order by id limit ${take}`;
    return rows.map((r) => ({ id: r.id, orgId: r.org_id, key: r.key, name: r.name, description: r.description, type: r.type, options: r.options, scriptWritable: r.script_writable, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString() }));
  },
  keyOf: (row) => row.id,
};

type CustomFieldValueRow = { fieldId: string; key: string; deviceId: string; orgId: string; value: unknown; source: string; updatedAt: string };

export const customFieldValuesExport: ExportSource<CustomFieldValueRow> = {
  name: 'custom-field-values',
  async fetch(scope, after, take) {
    // Keyset on the value's primary key (field_id, device_id).
    const [fieldId, deviceId] = after ? after.split(':') : [];
    const rows = await db.$queryRaw<{ field_id: string; key: string; device_id: string; org_id: string; value: unknown; source: string; updated_at: Date }[]>`
      select v.field_id, f.key, v.device_id, v.org_id, v.value, v.source, v.updated_at
      from custom_field_values v join custom_field_definitions f on f.id = v.field_id
      where v.partner_id = ${scope.partnerId}::uuid ${orgFilter(scope, Prisma.sql`v.org_id`)}
        ${after ? Prisma.sql`and (v.field_id, v.device_id) > (${fieldId}::uuid, ${deviceId}::uuid)` : Prisma.empty}
      order by v.field_id, v.device_id limit ${take}`;
    return rows.map((r) => ({ fieldId: r.field_id, key: r.key, deviceId: r.device_id, orgId: r.org_id, value: r.value, source: r.source, updatedAt: r.updated_at.toISOString() }));
  },
  keyOf: (row) => `${row.fieldId}:${row.deviceId}`,
};

type ConfigurationPolicyRow = {
  id: string; orgId: string | null; availability: 'org' | 'partner'; name: string; description: string | null; active: boolean; settings: unknown; checks: unknown;
  createdAt: string; updatedAt: string; deactivatedAt: string | null;
};

/** Configuration policies (GET /policies): the principal's organizations' plus the partner-wide ones. */
export const configurationPoliciesExport: ExportSource<ConfigurationPolicyRow> = {
  name: 'configuration-policies',
  async fetch(scope, after, take) {
    const rows = await db.$queryRaw<{ id: string; org_id: string | null; name: string; description: string | null; active: boolean; settings: unknown; checks: unknown; created_at: Date; updated_at: Date; deactivated_at: Date | null }[]>`
      select id, org_id, name, description, active, settings, checks, created_at, updated_at, deactivated_at from policies
      where partner_id = ${scope.partnerId}::uuid ${orgOrPartnerWide(scope, Prisma.sql`org_id`)} ${afterId(Prisma.sql`id`, after)}
      order by id limit ${take}`;
    return rows.map((r) => ({
      id: r.id, orgId: r.org_id, availability: r.org_id ? ('org' as const) : ('partner' as const), name: r.name, description: r.description, active: r.active,
      settings: r.settings, checks: r.checks, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(), deactivatedAt: iso(r.deactivated_at),
    }));
  },
  keyOf: (row) => row.id,
};

type ConfigurationAssignmentRow = { id: string; policyId: string; policyOrgId: string | null; targetType: string; targetId: string; createdAt: string };

/**
 * Where each visible policy applies. A principal narrowed to some organizations sees the
 * assignments whose target lies in them (or the partner itself), never targets elsewhere.
 */
export const configurationAssignmentsExport: ExportSource<ConfigurationAssignmentRow> = {
  name: 'configuration-assignments',
  async fetch(scope, after, take) {
    const targetOrg = Prisma.sql`case a.target_type when 'organization' then a.target_id
      when 'site' then (select s.org_id from sites s where s.id = a.target_id)
      when 'group' then (select g.org_id from device_groups g where g.id = a.target_id)
      when 'device' then (select d.org_id from devices d where d.id = a.target_id) end`;
    const narrowed = scope.orgIds ? Prisma.sql`and (a.target_type = 'partner' or ${targetOrg} = any(${scope.orgIds}::uuid[]))` : Prisma.empty;
    const rows = await db.$queryRaw<{ id: string; policy_id: string; policy_org_id: string | null; target_type: string; target_id: string; created_at: Date }[]>`
      select a.id, a.policy_id, p.org_id as policy_org_id, a.target_type, a.target_id, a.created_at
      from policy_assignments a join policies p on p.id = a.policy_id
      where a.partner_id = ${scope.partnerId}::uuid ${orgOrPartnerWide(scope, Prisma.sql`p.org_id`)} ${narrowed} ${afterId(Prisma.sql`a.id`, after)}
      order by a.id limit ${take}`;
    return rows.map((r) => ({ id: r.id, policyId: r.policy_id, policyOrgId: r.policy_org_id, targetType: r.target_type, targetId: r.target_id, createdAt: r.created_at.toISOString() }));
  },
  keyOf: (row) => row.id,
};

/**
 * Exports of resources this service does not hold yet (backup configurations): the route, its
 * scope check and its paging contract exist, and the page is empty until the domain lands.
 */
export function notYetStoredExport(name: string): ExportSource<Record<string, unknown>> {
  return { name, fetch: async () => [], keyOf: () => '' };
}
