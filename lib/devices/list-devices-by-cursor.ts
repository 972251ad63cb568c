// Cursor mode of GET /devices, in SQL of its own because it is the fleet's hot read (pages of up
// to 1,000 across 100k devices, many readers at once). Two things Prisma's form could not give:
// - the keyset position as a row comparison, `(hostname, id) > ($v, $id)`, which PostgreSQL
//   turns into an index range on (partner_id|org_id, hostname|enrolled_at, id), so every page
//   costs the same however deep it is (an OR of the two conditions was a filter over every row
//   before the position: 130 ms a page at 10k devices, worse with depth);
// - each row serialised by PostgreSQL (json_build_object), so Node neither parses nor maps nor
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

// Each row as the JSON of TDevice (toDeviceDto's fields, in its order), built by PostgreSQL: the
// page goes out as these strings joined, with no per-row parsing or serialising in Node.
const COLUMNS = Prisma.raw(`json_build_object(
  'id', d.id, 'partnerId', d.partner_id, 'orgId', d.org_id, 'siteId', d.site_id, 'agentId', d.agent_id,
  'hostname', d.hostname, 'displayName', d.display_name, 'osType', d.os_type, 'osVersion', d.os_version,
  'architecture', d.architecture, 'agentVersion', d.agent_version, 'status', d.status, 'tags', d.tags,
  'lastSeenAt', ${iso('d.last_seen_at')}, 'cpuPercent', d.cpu_percent, 'memoryPercent', d.memory_percent,
  'diskPercent', d.disk_percent, 'uptimeSeconds', d.uptime_seconds, 'lastUser', d.last_user, 'metrics', d.metrics,
  'hardware', d.hardware, 'mainAgentSilentSince', ${iso('d.main_agent_silent_since')}, 'watchdogStatus', d.watchdog_status,
  'enrolledAt', ${iso('d.enrolled_at')}, 'decommissionedAt', ${iso('d.decommissioned_at')},
  'createdAt', ${iso('d.created_at')}, 'updatedAt', ${iso('d.updated_at')})::text as json,
  d.id::text as id, d.hostname as hostname_value, ${iso('d.last_seen_at')} as last_seen_value, ${iso('d.enrolled_at')} as enrolled_value`);

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

function branch(where: Prisma.Sql, order: Prisma.Sql, limit: number): Prisma.Sql {
  return Prisma.sql`(select ${COLUMNS} from devices d where ${where} order by ${order} limit ${limit})`;
}

/** One page (limit + 1 rows, to tell whether another follows) strictly after `position`. */
export function devicePageSql(filter: Prisma.Sql, sort: Sort, dir: 'asc' | 'desc', limit: number, position: DevicePosition | null): Prisma.Sql {
  const col = Prisma.raw(SORT_SQL[sort]);
  const cmp = Prisma.raw(dir === 'asc' ? '>' : '<');
  const way = Prisma.raw(dir);
  const take = limit + 1;
  const cast = sort === 'hostname' ? Prisma.raw('text') : Prisma.raw('timestamptz');
  if (sort === 'hostname') {
    // hostname is never null
    const where = position ? Prisma.sql`${filter} and (${col}, d.id) ${cmp} (${position.value}::${cast}, ${position.id}::uuid)` : filter;
    return Prisma.sql`select ${COLUMNS} from devices d where ${where} order by ${col} ${way}, d.id ${way} limit ${take}`;
  }
  const nullsOnly = (after: Prisma.Sql) => branch(Prisma.sql`${filter} and ${col} is null ${after}`, Prisma.sql`d.id ${way}`, take);
  if (position && position.value === null) return nullsOnly(Prisma.sql`and d.id ${cmp} ${position.id}::uuid`);
  const valued = position
    ? Prisma.sql`${filter} and ${col} is not null and (${col}, d.id) ${cmp} (${position.value}::${cast}, ${position.id}::uuid)`
    : Prisma.sql`${filter} and ${col} is not null`;
  return Prisma.sql`select * from (${branch(valued, Prisma.sql`${col} ${way}, d.id ${way}`, take)} union all ${nullsOnly(Prisma.empty)}) page limit ${take}`;
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
