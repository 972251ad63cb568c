import { describe, expect, it } from 'vitest';
import { Prisma } from '@/lib/generated/prisma/client';
import { compileQuery } from '@/lib/analytics/compile-query';
import { ZAnalyticsQuery, MAX_SPAN_DAYS, resolveTimeRange, type AnalyticsQuery } from '@/lib/analytics/query-schemas';
import { bucketStart, bucketsBetween } from '@/lib/analytics/time-buckets';
import { forecastFull } from '@/lib/analytics/forecast';

const ORG = '11111111-1111-4111-8111-111111111111';
const SCOPE = Prisma.sql`x.partner_id = ${'22222222-2222-4222-8222-222222222222'}::uuid`;
const parse = (q: unknown) => ZAnalyticsQuery.safeParse(q);
const issues = (q: unknown) => {
  const r = parse(q);
  expect(r.success).toBe(false);
  return r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('analytics query grammar', () => {
  it('accepts a query per source and fills defaults', () => {
    const q = ZAnalyticsQuery.parse({ source: 'alerts', measure: 'count', dimensions: ['severity', 'time'], bucket: 'day', timeRange: { last: '7d' } });
    expect(q).toMatchObject({ filters: {}, limit: 100, dimensions: ['severity', 'time'] });
    expect(parse({ source: 'devices', measure: 'online_percent', dimensions: ['os'] }).success).toBe(true);
    expect(parse({ source: 'metrics', measure: 'max_disk', dimensions: ['device'], timeRange: { last: '24h' } }).success).toBe(true);
    expect(parse({ source: 'tickets', measure: 'mean_time_to_first_response', filters: { priorities: ['p1'] }, timeRange: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' } }).success).toBe(true);
  });

  it('refuses measures, dimensions and filters that do not belong to the source', () => {
    expect(issues({ source: 'alerts', measure: 'avg_cpu', timeRange: { last: '7d' } })[0]).toMatch(/^measure/);
    expect(issues({ source: 'devices', measure: 'count', dimensions: ['severity'] })[0]).toMatch(/^dimensions\.0/);
    expect(issues({ source: 'tickets', measure: 'count', filters: { severities: ['high'] }, timeRange: { last: '7d' } })[0]).toMatch(/severities|filters/);
    expect(issues({ source: 'devices', measure: 'count', timeRange: { last: '7d' } })[0]).toMatch(/timeRange|Unrecognized/);
    expect(issues({ source: 'logs', measure: 'count' })[0]).toMatch(/source/);
  });

  it('refuses more than two dimensions, repeats, and a time dimension without a bucket', () => {
    expect(issues({ source: 'alerts', measure: 'count', dimensions: ['org', 'site', 'status'], timeRange: { last: '7d' } })[0]).toMatch(/^dimensions/);
    expect(issues({ source: 'alerts', measure: 'count', dimensions: ['org', 'org'], timeRange: { last: '7d' } })[0]).toMatch(/once/);
    expect(issues({ source: 'alerts', measure: 'count', dimensions: ['time'], timeRange: { last: '7d' } })).toEqual(['bucket: The time dimension needs a bucket (hour, day, week or month)']);
    expect(issues({ source: 'alerts', measure: 'count', bucket: 'day', timeRange: { last: '7d' } })[0]).toMatch(/only with the time dimension/);
  });

  it('bounds the cost: the range per bucket size, the groups, the filter lists', () => {
    expect(issues({ source: 'alerts', measure: 'count', dimensions: ['time'], bucket: 'hour', timeRange: { last: '30d' } })).toEqual([
      `timeRange: The range spans 30 days; at most ${MAX_SPAN_DAYS.hour} days with hour buckets`,
    ]);
    expect(parse({ source: 'alerts', measure: 'count', dimensions: ['time'], bucket: 'day', timeRange: { last: '90d' } }).success).toBe(true);
    expect(issues({ source: 'alerts', measure: 'count', dimensions: ['time'], bucket: 'day', timeRange: { last: '365d' } })[0]).toMatch(/at most 92 days with day buckets/);
    expect(issues({ source: 'tickets', measure: 'count', timeRange: { from: '2020-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } })[0]).toMatch(/without a time dimension/);
    expect(issues({ source: 'tickets', measure: 'count', timeRange: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } })).toEqual(['timeRange.to: to must be after from']);
    expect(issues({ source: 'alerts', measure: 'count', limit: 5000, timeRange: { last: '7d' } })[0]).toMatch(/^limit/);
    expect(issues({ source: 'alerts', measure: 'count', filters: { orgIds: Array.from({ length: 101 }, () => ORG) }, timeRange: { last: '7d' } })[0]).toMatch(/^filters\.orgIds/);
  });
});

describe('compileQuery', () => {
  const range = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-08T00:00:00Z') };

  it('binds every caller value as a parameter and keeps the scope in the where clause', () => {
    const q = ZAnalyticsQuery.parse({ source: 'alerts', measure: 'count', dimensions: ['severity', 'time'], bucket: 'day', filters: { orgIds: [ORG], statuses: ['active'] }, timeRange: { last: '7d' }, limit: 10 }) as Exclude<AnalyticsQuery, { source: 'metrics' }>;
    const sql = compileQuery(q, SCOPE, range);
    expect(sql.text).not.toContain(ORG);
    expect(sql.text).not.toContain("'active'");
    expect(sql.text).not.toContain("'day'");
    expect(sql.values).toEqual(expect.arrayContaining(['22222222-2222-4222-8222-222222222222', [ORG], ['active'], 'day', range.from, range.to, 11]));
    expect(sql.text).toMatch(/from alerts x where x\.partner_id = \$\d+::uuid and /);
    expect(sql.text).toContain('group by 1, 2');
    expect(sql.text).toMatch(/order by k1 asc, value desc nulls last, k0 asc nulls last limit \$\d+$/);
  });

  it('compiles mean times, ticket soft-deletes and device snapshots', () => {
    const tickets = ZAnalyticsQuery.parse({ source: 'tickets', measure: 'mean_time_to_resolve', dimensions: ['priority'], timeRange: { last: '30d' } }) as Exclude<AnalyticsQuery, { source: 'metrics' }>;
    const t = compileQuery(tickets, Prisma.sql`true`, range).sql;
    expect(t).toContain('extract(epoch from x.resolved_at - x.created_at)');
    expect(t).toContain('x.deleted_at is null');
    const devices = ZAnalyticsQuery.parse({ source: 'devices', measure: 'count', filters: { osTypes: ['linux'] } }) as Exclude<AnalyticsQuery, { source: 'metrics' }>;
    const d = compileQuery(devices, Prisma.sql`d.partner_id is not null`, null);
    expect(d.sql).not.toContain('group by');
    expect(d.sql).toContain('d.os_type::text = any(');
    expect(d.values).toEqual([['linux'], 101]);
  });

  it('resolves relative ranges against now', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(resolveTimeRange({ last: '24h' }, now)).toEqual({ from: new Date('2026-11-26T12:00:00Z'), to: now });
  });
});

describe('bucketStart and forecastFull', () => {
  it('truncates like date_trunc in UTC (weeks start on Monday)', () => {
    const at = new Date('2026-11-27T15:42:10Z'); // a Friday
    expect(bucketStart(at, 'hour').toISOString()).toBe('2026-11-27T15:00:00.000Z');
    expect(bucketStart(at, 'day').toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(bucketStart(at, 'week').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(bucketStart(at, 'month').toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(bucketStart(new Date('2026-11-29T10:00:00Z'), 'week').toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('lists every bucket of a range, partial ones at both ends included', () => {
    const days = bucketsBetween(new Date('2026-11-20T12:00:00Z'), new Date('2026-11-23T06:00:00Z'), 'day').map((d) => d.toISOString().slice(0, 10));
    expect(days).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']);
    const months = bucketsBetween(new Date('2026-01-31T00:00:00Z'), new Date('2026-04-01T00:00:00Z'), 'month').map((d) => d.toISOString().slice(0, 7));
    expect(months).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(bucketsBetween(new Date('2026-11-20T00:00:00Z'), new Date('2026-11-27T00:00:00Z'), 'hour')).toHaveLength(168);
  });

  it('fits a least-squares line and forecasts days until 100 %', () => {
    expect(forecastFull([50, 52, 54, 56, 58])).toEqual({ current: 58, slopePerDay: 2, daysUntilFull: 21 });
    expect(forecastFull([70, null, 70, 70])).toEqual({ current: 70, slopePerDay: 0, daysUntilFull: null });
    expect(forecastFull([80, 70, 60])).toMatchObject({ slopePerDay: -10, daysUntilFull: null });
    expect(forecastFull([null, 90, 95])).toEqual({ current: 95, slopePerDay: null, daysUntilFull: null });
    expect(forecastFull([98, 99, 100])).toMatchObject({ daysUntilFull: 0 });
  });
});
