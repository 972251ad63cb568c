// Cursor mode of GET /devices, in SQL of its own because it is the fleet's hot read (pages of up
// to 1,000 across 100k devices, many readers at once). Two things Prisma's form could not give:
// - the keyset position as a row comparison, `(hostname, id) > ($v, $id)`, which PostgreSQL
//   turns into an index range on (partner_id|org_id, hostname|enrolled_at, id), so every page
//   costs the same however deep it is (an OR of the two conditions was a filter over every row
//   before the position: 130 ms a page at 10k devices, worse with depth);
// - each row's JSON read nearly ready-made: `devices.list_json` is TDevice as text but for the
//   nine fields heartbeats write, a stored generated column PostgreSQL rebuilds when a column it
//   is made of changes (migrations device_list_json, device_list_json_beat_fields). The page
//   appends the beat's fields to it (`deviceJsonSql`), so it neither builds 500 whole documents
//   in the database (7 ms a page) nor parses, maps and stringifies them in Node, and a beat does
//   not rebuild a document: the rows go one after the other into the body.
// Nullable sort columns keep "nulls last": the non-null rows come first, then the null ones in
// id order, as two index-friendly branches of one UNION ALL under the page's LIMIT.
import { Prisma } from '@/lib/generated/prisma/client';
import { dbPool } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import type { ListDevicesQuery } from '@/lib/devices/schemas';
import { deviceScopeSql, type DeviceScopeOptions } from '@/lib/devices/device-scope-sql';

const SORT_SQL = { hostname: 'd.hostname', lastSeen: 'd.last_seen_at', enrolled: 'd.enrolled_at' } as const;
type Sort = keyof typeof SORT_SQL;

const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The TDevice fields heartbeats write, left out of `list_json` (see the migration
 * device_list_json_beat_fields), with how each becomes JSON text: a time as its quoted ISO form,
 * a number or a jsonb value as its own text (the heartbeat schema admits finite numbers only),
 * free text through to_json for its escaping (to_json looks the value's type up on every call,
 * nine times a row otherwise).
 */
const BEAT_FIELDS: [name: string, column: string, kind: 'time' | 'number' | 'json' | 'text'][] = [
  ['lastSeenAt', 'last_seen_at', 'time'],
  ['cpuPercent', 'cpu_percent', 'number'],
  ['memoryPercent', 'memory_percent', 'number'],
  ['diskPercent', 'disk_percent', 'number'],
  ['uptimeSeconds', 'uptime_seconds', 'number'],
  ['lastUser', 'last_user', 'text'],
  ['metrics', 'metrics', 'json'],
  ['mainAgentSilentSince', 'main_agent_silent_since', 'time'],
  ['watchdogStatus', 'watchdog_status', 'text'],
];
/** What deviceJsonSql reads of a row: a subquery passes these through for it. */
const JSON_COLUMNS = ['list_json', ...BEAT_FIELDS.map(([, column]) => column)];

function jsonText(column: string, kind: (typeof BEAT_FIELDS)[number][2]): string {
  if (kind === 'time') return `'"' || ${iso(column)} || '"'`;
  if (kind === 'text') return `to_json(${column})::text`;
  return `${column}::text`;
}

/**
 * A device row's whole TDevice text: the stored document without its closing brace, then each
 * beat field as `"name":value`, null as null, as row_to_json writes them.
 */
export function deviceJsonSql(alias: string): string {
  const fields = BEAT_FIELDS.map(([name, column, kind]) => `',"${name}":' || coalesce(${jsonText(`${alias}.${column}`, kind)}, 'null')`);
  return `left(${alias}.list_json, -1) || ${fields.join(' || ')} || '}'`;
}

export interface DevicePosition {
  /** The last row's sort value (ISO time for the time sorts), null when it sorted among the nulls. */
  value: string | null;
  id: string;
}

/** The query's filters (not the position) as a predicate over `devices d`. */
export function deviceFilterSql(ctx: ScopedContext, q: ListDevicesQuery, opts: Pick<DeviceScopeOptions, 'perRowLiveness'> & { savedFilter?: Prisma.Sql } = {}): Prisma.Sql {
  const parts = [deviceScopeSql(ctx, { includeDecommissioned: q.includeDecommissioned, perRowLiveness: opts.perRowLiveness })];
  if (opts.savedFilter) parts.push(opts.savedFilter);
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
  const cmp = Prisma.raw(dir === 'asc' ? '>' : '<');
  const way = Prisma.raw(dir);
  const take = limit + 1;
  const cast = sort === 'hostname' ? Prisma.raw('text') : Prisma.raw('timestamptz');
  // Each row's JSON, id and sort value as the cursor stores it (ISO time for the time sorts).
  const out = (alias: string, json: string) =>
    Prisma.raw(`${json} as json, ${alias}.id::text as id, ${sort === 'hostname' ? `${alias}.hostname` : iso(`${alias}.s`)} as value`);
  if (sort === 'hostname') {
    // hostname is never null
    const where = position ? Prisma.sql`${filter} and (${col}, d.id) ${cmp} (${position.value}::${cast}, ${position.id}::uuid)` : filter;
    return Prisma.sql`select ${out('d', deviceJsonSql('d'))} from devices d where ${where} order by ${col} ${way}, d.id ${way} limit ${take}`;
  }
  const rows = (where: Prisma.Sql, order: Prisma.Sql, part: number) =>
    Prisma.sql`(select ${Prisma.raw(JSON_COLUMNS.map((c) => `d.${c}`).join(', '))}, d.id, ${col} as s, ${part} as part from devices d where ${where} order by ${order} limit ${take})`;
  if (position && position.value === null) {
    return Prisma.sql`select ${out('u', deviceJsonSql('u'))} from ${rows(Prisma.sql`${filter} and ${col} is null and d.id ${cmp} ${position.id}::uuid`, Prisma.sql`d.id ${way}`, 1)} u order by u.id ${way}`;
  }
  const valued = position
    ? Prisma.sql`${filter} and ${col} is not null and (${col}, d.id) ${cmp} (${position.value}::${cast}, ${position.id}::uuid)`
    : Prisma.sql`${filter} and ${col} is not null`;
  const both = Prisma.sql`${rows(valued, Prisma.sql`${col} ${way}, d.id ${way}`, 0)} union all ${rows(Prisma.sql`${filter} and ${col} is null`, Prisma.sql`d.id ${way}`, 1)}`;
  return Prisma.sql`select ${out('u', deviceJsonSql('u'))} from (${both}) u order by u.part, u.s ${way}, u.id ${way} limit ${take}`;
}

export interface DevicePageRow {
  /** The device as TDevice JSON text. */
  json: string;
  id: string;
  /** Its sort value as the cursor stores it. */
  value: string | null;
}

// Each distinct page statement (one per combination of filters, sort and position kind) is
// prepared once per connection under a name of its own: readers paging back to back skip
// PostgreSQL's parse and plan of every page. Bounded, in case of an unforeseen variety.
const statementNames = new Map<string, string>();
const MAX_PREPARED = 500;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_PREPARED) statementNames.set(text, (name = `devices-page-${statementNames.size + 1}`));
  return name;
}

export async function readDevicePage(sql: Prisma.Sql): Promise<DevicePageRow[]> {
  // Rows as arrays (json, id, value): pg builds no object per row.
  const { rows } = await dbPool().query<[string, string, string | null]>({ name: statementName(sql.text), text: sql.text, values: sql.values as unknown[], rowMode: 'array' });
  return rows.map(([json, id, value]) => ({ json, id, value }));
}

export async function countDevices(filter: Prisma.Sql): Promise<number> {
  const sql = Prisma.sql`select count(*)::int as n from devices d where ${filter}`;
  const { rows } = await dbPool().query<{ n: number }>({ text: sql.text, values: sql.values as unknown[] });
  return rows[0].n;
}
