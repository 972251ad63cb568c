// Cursor mode of GET /devices, in SQL of its own because it is the fleet's hot read (pages of up
// to 1,000 across 100k devices, many readers at once). Two things Prisma's form could not give:
// - the keyset position as a row comparison, `(hostname, id) > ($v, $id)`, which PostgreSQL
//   turns into an index range on (partner_id|org_id, hostname|enrolled_at, id), so every page
//   costs the same however deep it is (an OR of the two conditions was a filter over every row
//   before the position: 130 ms a page at 10k devices, worse with depth);
// - each row serialised by PostgreSQL (row_to_json), so Node neither parses nor maps nor
//   stringifies 500 rows a page: it joins strings.
// Nullable sort columns keep "nulls last": the non-null rows come first, then the null ones in
// id order, as two index-friendly branches of one UNION ALL under the page's LIMIT.
import { Prisma } from '@/lib/generated/prisma/client';
import { dbPool } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import type { ListDevicesQuery } from '@/lib/devices/schemas';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';

const SORT_SQL = { hostname: 'd.hostname', lastSeen: 'd.last_seen_at', enrolled: 'd.enrolled_at' } as const;
type Sort = keyof typeof SORT_SQL;

const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The device columns a page reads, then each row as the JSON of TDevice (toDeviceDto's fields,
// in its order) built by PostgreSQL with row_to_json over a lateral row of aliased columns (a
// third cheaper than json_build_object): the page goes out as these strings joined, with no
// per-row parsing or serialising in Node.
const RAW_COLUMNS = Prisma.raw(`d.id, d.partner_id, d.org_id, d.site_id, d.agent_id, d.hostname, d.display_name, d.os_type, d.os_version,
  d.architecture, d.agent_version, d.status, d.tags, d.last_seen_at, d.cpu_percent, d.memory_percent, d.disk_percent, d.uptime_seconds,
  d.last_user, d.metrics, d.hardware, d.main_agent_silent_since, d.watchdog_status, d.enrolled_at, d.decommissioned_at, d.created_at, d.updated_at`);
const DTO_ROW = Prisma.raw(`select p.id, p.partner_id as "partnerId", p.org_id as "orgId", p.site_id as "siteId", p.agent_id as "agentId",
  p.hostname, p.display_name as "displayName", p.os_type as "osType", p.os_version as "osVersion", p.architecture,
  p.agent_version as "agentVersion", p.status, p.tags, ${iso('p.last_seen_at')} as "lastSeenAt", p.cpu_percent as "cpuPercent",
  p.memory_percent as "memoryPercent", p.disk_percent as "diskPercent", p.uptime_seconds as "uptimeSeconds", p.last_user as "lastUser",
  p.metrics, p.hardware, ${iso('p.main_agent_silent_since')} as "mainAgentSilentSince", p.watchdog_status as "watchdogStatus",
  ${iso('p.enrolled_at')} as "enrolledAt", ${iso('p.decommissioned_at')} as "decommissionedAt", ${iso('p.created_at')} as "createdAt",
  ${iso('p.updated_at')} as "updatedAt"`);

/** The rows of `page` (RAW_COLUMNS and `part`: 0 for valued sort keys, 1 for nulls) as JSON text, in `order`. */
function serialised(page: Prisma.Sql, order: Prisma.Sql, limit: number): Prisma.Sql {
  return Prisma.sql`select row_to_json(j)::text as json, p.id::text as id, p.hostname as hostname_value, j."lastSeenAt" as last_seen_value,
    j."enrolledAt" as enrolled_value
    from (${page}) p cross join lateral (${DTO_ROW}) j order by ${order} limit ${limit}`;
}

export interface DevicePosition {
  /** The last row's sort value (ISO time for the time sorts), null when it sorted among the nulls. */
  value: string | null;
  id: string;
}

/** The query's filters (not the position) as a predicate over `devices d`. */
export function deviceFilterSql(ctx: ScopedContext, q: ListDevicesQuery): Prisma.Sql {
  const parts = [deviceScopeSql(ctx, { includeDecommissioned: q.includeDecommissioned })];
  const orgIds = [...(q.orgIds ?? []), ...(q.orgId ? [q.orgId] : [])];
  if (orgIds.length) parts.push(Prisma.sql`d.org_id = any(${orgIds}::uuid[])`);
  if (q.siteIds?.length) parts.push(Prisma.sql`d.site_id = any(${q.siteIds}::uuid[])`);
  if (q.groupIds?.length) {
    parts.push(Prisma.sql`exists (select 1 from device_group_memberships m where m.device_id = d.id and m.group_id = any(${q.groupIds}::uuid[]))`);
  }
  if (q.status) parts.push(Prisma.sql`d.status = ${q.status}::"DeviceStatus"`);
  if (q.osType) parts.push(Prisma.sql`d.os_type = ${q.osType}::"OsType"`);
  if (q.tag) parts.push(Prisma.sql`d.tags @> array[${q.tag}]::text[]`);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(Prisma.sql`(d.hostname ilike ${like} or d.display_name ilike ${like})`);
  }
  return Prisma.join(parts, ' and ');
}

/** One page (limit + 1 rows, to tell whether another follows) strictly after `position`. */
export function devicePageSql(filter: Prisma.Sql, sort: Sort, dir: 'asc' | 'desc', limit: number, position: DevicePosition | null): Prisma.Sql {
  const col = Prisma.raw(SORT_SQL[sort]);
  const pcol = Prisma.raw(SORT_SQL[sort].replace('d.', 'p.'));
  const cmp = Prisma.raw(dir === 'asc' ? '>' : '<');
  const way = Prisma.raw(dir);
  const take = limit + 1;
  const cast = sort === 'hostname' ? Prisma.raw('text') : Prisma.raw('timestamptz');
  const branch = (where: Prisma.Sql, order: Prisma.Sql, part: number) =>
    Prisma.sql`(select ${RAW_COLUMNS}, ${part} as part from devices d where ${where} order by ${order} limit ${take})`;
  if (sort === 'hostname') {
    // hostname is never null
    const where = position ? Prisma.sql`${filter} and (${col}, d.id) ${cmp} (${position.value}::${cast}, ${position.id}::uuid)` : filter;
    return serialised(branch(where, Prisma.sql`${col} ${way}, d.id ${way}`, 0), Prisma.sql`${pcol} ${way}, p.id ${way}`, take);
  }
  const nullsOrder = Prisma.sql`d.id ${way}`;
  if (position && position.value === null) {
    return serialised(branch(Prisma.sql`${filter} and ${col} is null and d.id ${cmp} ${position.id}::uuid`, nullsOrder, 1), Prisma.sql`p.id ${way}`, take);
  }
  const valued = position
    ? Prisma.sql`${filter} and ${col} is not null and (${col}, d.id) ${cmp} (${position.value}::${cast}, ${position.id}::uuid)`
    : Prisma.sql`${filter} and ${col} is not null`;
  const both = Prisma.sql`${branch(valued, Prisma.sql`${col} ${way}, d.id ${way}`, 0)} union all ${branch(Prisma.sql`${filter} and ${col} is null`, nullsOrder, 1)}`;
  return serialised(both, Prisma.sql`p.part, ${pcol} ${way}, p.id ${way}`, take);
}

interface PageRow {
  json: string;
  id: string;
  hostname_value: string;
  last_seen_value: string | null;
  enrolled_value: string | null;
}

export interface DevicePageRow {
  /** The device as TDevice JSON text. */
  json: string;
  id: string;
  /** Its sort value as the cursor stores it. */
  value: string | null;
}

export async function readDevicePage(sql: Prisma.Sql, sort: Sort): Promise<DevicePageRow[]> {
  const { rows } = await dbPool().query<PageRow>({ text: sql.text, values: sql.values as unknown[] });
  const key = sort === 'hostname' ? 'hostname_value' : sort === 'lastSeen' ? 'last_seen_value' : 'enrolled_value';
  return rows.map((r) => ({ json: r.json, id: r.id, value: r[key] }));
}

export async function countDevices(filter: Prisma.Sql): Promise<number> {
  const sql = Prisma.sql`select count(*)::int as n from devices d where ${filter}`;
  const { rows } = await dbPool().query<{ n: number }>({ text: sql.text, values: sql.values as unknown[] });
  return rows[0].n;
}
