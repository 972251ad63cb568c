// Compiles a validated analytics query over alerts, tickets or devices into one parameterized
// SQL statement. Table, column and expression text comes only from the constant maps below
// (picked by enum values the schema validated); every value a caller supplies (ids, enum
// values, bounds, the bucket name) is a bound parameter. The caller's tenancy arrives as a
// predicate over the row alias and is always part of the where clause.
import { Prisma } from '@/lib/generated/prisma/client';
import type { AnalyticsQuery } from '@/lib/analytics/query-schemas';

type SqlQuery = Exclude<AnalyticsQuery, { source: 'metrics' }>;
export type SqlSource = SqlQuery['source'];

interface Measure {
  value: string;
  count: string;
  unit: 'count' | 'minutes' | 'percent';
}

const minutesBetween = (later: string, earlier: string) => `round((avg(extract(epoch from ${later} - ${earlier})) / 60)::numeric, 2)::float8`;

const TABLES: Record<SqlSource, { from: string; alias: string; time: string | null; base: string | null; dims: Record<string, string>; measures: Record<string, Measure> }> = {
  alerts: {
    from: 'alerts x',
    alias: 'x',
    time: 'x.triggered_at',
    base: null,
    dims: { org: 'x.org_id::text', site: 'x.site_id::text', severity: 'x.severity::text', status: 'x.status::text' },
    measures: {
      count: { value: 'count(*)::float8', count: 'count(*)::int', unit: 'count' },
      mean_time_to_acknowledge: { value: minutesBetween('x.acknowledged_at', 'x.triggered_at'), count: 'count(x.acknowledged_at)::int', unit: 'minutes' },
      mean_time_to_resolve: { value: minutesBetween('x.resolved_at', 'x.triggered_at'), count: 'count(x.resolved_at)::int', unit: 'minutes' },
    },
  },
  tickets: {
    from: 'tickets x',
    alias: 'x',
    time: 'x.created_at',
    base: 'x.deleted_at is null',
    dims: { org: 'x.org_id::text', site: 'x.site_id::text', status: 'x.status::text', priority: 'x.priority::text' },
    measures: {
      count: { value: 'count(*)::float8', count: 'count(*)::int', unit: 'count' },
      mean_time_to_first_response: { value: minutesBetween('x.first_response_at', 'x.created_at'), count: 'count(x.first_response_at)::int', unit: 'minutes' },
      mean_time_to_resolve: { value: minutesBetween('x.resolved_at', 'x.created_at'), count: 'count(x.resolved_at)::int', unit: 'minutes' },
    },
  },
  devices: {
    from: 'devices d',
    alias: 'd',
    time: null,
    base: null,
    dims: { org: 'd.org_id::text', site: 'd.site_id::text', os: 'd.os_type::text', os_version: 'd.os_version', status: 'd.status::text' },
    measures: {
      count: { value: 'count(*)::float8', count: 'count(*)::int', unit: 'count' },
      online_percent: { value: `round(100.0 * count(*) filter (where d.status = 'online') / nullif(count(*), 0), 2)::float8`, count: 'count(*)::int', unit: 'percent' },
    },
  },
};

/** Filter keys of the grammar and the column each one constrains. */
const FILTER_COLUMNS: Record<string, { column: string; type: 'uuid' | 'text' }> = {
  orgIds: { column: 'org_id', type: 'uuid' },
  siteIds: { column: 'site_id', type: 'uuid' },
  severities: { column: 'severity', type: 'text' },
  statuses: { column: 'status', type: 'text' },
  priorities: { column: 'priority', type: 'text' },
  osTypes: { column: 'os_type', type: 'text' },
};

export function measureUnit(source: SqlSource, measure: string): Measure['unit'] {
  return TABLES[source].measures[measure].unit;
}

/**
 * The statement for `query`: rows (k0, k1 — one per dimension — value, n), at most
 * `limit + 1` of them so the caller can tell whether groups were cut off. `scope` is the
 * caller's tenancy over the source's alias (x for alerts and tickets, d for devices).
 */
export function compileQuery(query: SqlQuery, scope: Prisma.Sql, range: { from: Date; to: Date } | null): Prisma.Sql {
  const t = TABLES[query.source];
  const measure = t.measures[query.measure];
  const where: Prisma.Sql[] = [scope];
  if (t.base) where.push(Prisma.raw(t.base));
  if (t.time && range) where.push(Prisma.sql`${Prisma.raw(t.time)} >= ${range.from} and ${Prisma.raw(t.time)} < ${range.to}`);
  for (const [key, values] of Object.entries(query.filters) as [string, string[] | undefined][]) {
    if (!values) continue;
    const f = FILTER_COLUMNS[key];
    const column = Prisma.raw(`${t.alias}.${f.column}`);
    where.push(f.type === 'uuid' ? Prisma.sql`${column} = any(${values}::uuid[])` : Prisma.sql`${column}::text = any(${values}::text[])`);
  }
  const keys = query.dimensions.map((d, i) => {
    const expr = d === 'time' ? Prisma.sql`date_trunc(${query.bucket}::text, ${Prisma.raw(t.time!)}, 'UTC')` : Prisma.raw(t.dims[d]);
    return Prisma.sql`${expr} as ${Prisma.raw(`k${i}`)}`;
  });
  const select = Prisma.join([...keys, Prisma.sql`${Prisma.raw(measure.value)} as value`, Prisma.sql`${Prisma.raw(measure.count)} as n`], ', ');
  const groupBy = keys.length ? Prisma.raw(`group by ${keys.map((_, i) => i + 1).join(', ')}`) : Prisma.empty;
  const timeIndex = (query.dimensions as string[]).indexOf('time');
  const order = [
    ...(timeIndex >= 0 ? [`k${timeIndex} asc`] : []),
    'value desc nulls last',
    ...query.dimensions.map((_, i) => `k${i} asc nulls last`).filter((_, i) => i !== timeIndex),
  ];
  return Prisma.sql`select ${select} from ${Prisma.raw(t.from)} where ${Prisma.join(where, ' and ')} ${groupBy} order by ${Prisma.raw(order.join(', '))} limit ${query.limit + 1}`;
}
