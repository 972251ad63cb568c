// The analytics query grammar (POST /analytics/query, and the stored query of each dashboard
// widget): one source, one measure, up to two dimensions, filters, a time range and a bucket
// size. Every part is an enum or an id list, so a query compiles to parameterized SQL with no
// user text in it; the time range is bounded per bucket size, so a query's cost is bounded.
import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';

export const QUERY_SOURCES = ['alerts', 'tickets', 'devices', 'metrics'] as const;
export const TIME_BUCKETS = ['hour', 'day', 'week', 'month'] as const;
export const RELATIVE_RANGES = ['24h', '7d', '30d', '90d', '365d'] as const;
export type QuerySource = (typeof QUERY_SOURCES)[number];
export type TimeBucket = (typeof TIME_BUCKETS)[number];

const DAY_MS = 86_400_000;
export const RELATIVE_RANGE_MS: Record<(typeof RELATIVE_RANGES)[number], number> = { '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS, '90d': 90 * DAY_MS, '365d': 365 * DAY_MS };

/** Longest time range per bucket size (at most 168 hours, 92 days, 53 weeks, 25 months). */
export const MAX_SPAN_DAYS: Record<TimeBucket, number> = { hour: 7, day: 92, week: 371, month: 762 };
/** Longest time range of a query without a time dimension. */
export const MAX_SPAN_DAYS_UNBUCKETED = 762;
/** Metric queries read per-device series: devices × days of the range may not exceed this. */
export const METRIC_DEVICE_DAYS_BUDGET = 20_000;
/** Devices a metric query may read at most (whatever the range). */
export const MAX_METRIC_DEVICES = 500;
export const MAX_GROUPS = 1000;
export const MAX_FILTER_IDS = 100;

export const MEASURES = {
  alerts: ['count', 'mean_time_to_acknowledge', 'mean_time_to_resolve'],
  tickets: ['count', 'mean_time_to_first_response', 'mean_time_to_resolve'],
  devices: ['count', 'online_percent'],
  metrics: ['avg_cpu', 'max_cpu', 'avg_memory', 'max_memory', 'avg_disk', 'max_disk'],
} as const;

export const DIMENSIONS = {
  alerts: ['org', 'site', 'severity', 'status', 'time'],
  tickets: ['org', 'site', 'status', 'priority', 'time'],
  devices: ['org', 'site', 'os', 'os_version', 'status'],
  metrics: ['org', 'site', 'os', 'device', 'time'],
} as const;
export type Dimension = (typeof DIMENSIONS)[QuerySource][number];

export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const ALERT_STATUSES = ['active', 'acknowledged', 'suppressed', 'resolved', 'dismissed'] as const;
export const TICKET_STATUSES = ['new', 'open', 'pending', 'on_hold', 'resolved', 'closed'] as const;
export const TICKET_PRIORITIES = ['p1', 'p2', 'p3', 'p4'] as const;
export const OS_TYPES = ['windows', 'macos', 'linux'] as const;
export const DEVICE_STATUSES = ['pending', 'online', 'offline', 'uninstalled', 'decommissioned'] as const;

const ids = (what: string) => z.array(z.string().uuid()).min(1).max(MAX_FILTER_IDS).optional().describe(`Only these ${what} (at most ${MAX_FILTER_IDS})`);
const oneOf = <T extends readonly [string, ...string[]]>(values: T, what: string) => z.array(z.enum(values)).min(1).max(values.length).optional().describe(`Only these ${what}`);

export const ZTimeRange = z
  .union([
    z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }).strict(),
    z.object({ last: z.enum(RELATIVE_RANGES).describe('The range ending now') }).strict(),
  ])
  .describe('Absolute `{ from, to }` (from inclusive, to exclusive) or relative `{ last }`; widgets usually store a relative one')
  .meta({ id: 'AnalyticsTimeRange' });
export type TimeRangeInput = z.output<typeof ZTimeRange>;

const common = {
  bucket: z.enum(TIME_BUCKETS).optional().describe('Size of the `time` dimension’s buckets (UTC; weeks start on Monday); required with it'),
  limit: z.number().int().min(1).max(MAX_GROUPS).default(100).describe(`Groups returned at most (1–${MAX_GROUPS}); \`truncated\` says when more existed`),
};

const dims = <S extends QuerySource>(source: S) =>
  z
    .array(z.enum(DIMENSIONS[source]))
    .max(2)
    .refine((d) => new Set(d).size === d.length, 'Name each dimension once')
    .default([])
    .describe(`Up to two of: ${DIMENSIONS[source].join(', ')}`);

const ZAlertsQuery = z
  .object({
    ...common,
    source: z.literal('alerts'),
    measure: z.enum(MEASURES.alerts).describe('count; mean_time_to_acknowledge / mean_time_to_resolve: mean minutes from triggering, over the alerts acknowledged / resolved'),
    dimensions: dims('alerts'),
    filters: z.object({ orgIds: ids('organizations'), siteIds: ids('sites'), severities: oneOf(ALERT_SEVERITIES, 'severities'), statuses: oneOf(ALERT_STATUSES, 'statuses') }).strict().default({}),
    timeRange: ZTimeRange.describe('Alerts triggered in this range'),
  })
  .strict();

const ZTicketsQuery = z
  .object({
    ...common,
    source: z.literal('tickets'),
    measure: z.enum(MEASURES.tickets).describe('count; mean_time_to_first_response / mean_time_to_resolve: mean minutes from creation, over the tickets responded to / resolved'),
    dimensions: dims('tickets'),
    filters: z.object({ orgIds: ids('organizations'), siteIds: ids('sites'), statuses: oneOf(TICKET_STATUSES, 'statuses'), priorities: oneOf(TICKET_PRIORITIES, 'priorities') }).strict().default({}),
    timeRange: ZTimeRange.describe('Tickets created in this range (deleted tickets are left out)'),
  })
  .strict();

const ZDevicesQuery = z
  .object({
    ...common,
    source: z.literal('devices'),
    measure: z.enum(MEASURES.devices).describe('count; online_percent: share of the devices online now'),
    dimensions: dims('devices'),
    filters: z.object({ orgIds: ids('organizations'), siteIds: ids('sites'), osTypes: oneOf(OS_TYPES, 'OS types'), statuses: oneOf(DEVICE_STATUSES, 'statuses') }).strict().default({}),
  })
  .strict();

const ZMetricsQuery = z
  .object({
    ...common,
    source: z.literal('metrics'),
    measure: z.enum(MEASURES.metrics).describe('Average (weighted by heartbeat samples) or maximum of a percent metric'),
    dimensions: dims('metrics'),
    filters: z.object({ orgIds: ids('organizations'), siteIds: ids('sites'), osTypes: oneOf(OS_TYPES, 'OS types'), deviceIds: ids('devices') }).strict().default({}),
    timeRange: ZTimeRange.describe('Heartbeat history in this range'),
  })
  .strict();

function rangeSpanMs(range: TimeRangeInput): number {
  return 'last' in range ? RELATIVE_RANGE_MS[range.last] : Date.parse(range.to) - Date.parse(range.from);
}

export const ZAnalyticsQuery = z
  .discriminatedUnion('source', [ZAlertsQuery, ZTicketsQuery, ZDevicesQuery, ZMetricsQuery])
  .superRefine((q, ctx) => {
    const timed = (q.dimensions as string[]).includes('time');
    if (timed && !q.bucket) ctx.addIssue({ code: 'custom', path: ['bucket'], message: 'The time dimension needs a bucket (hour, day, week or month)' });
    if (!timed && q.bucket) ctx.addIssue({ code: 'custom', path: ['bucket'], message: 'bucket applies only with the time dimension' });
    if (q.source === 'devices') return;
    const span = rangeSpanMs(q.timeRange);
    if (span <= 0) {
      ctx.addIssue({ code: 'custom', path: ['timeRange', 'to'], message: 'to must be after from' });
      return;
    }
    const maxDays = timed && q.bucket ? MAX_SPAN_DAYS[q.bucket] : MAX_SPAN_DAYS_UNBUCKETED;
    if (span > maxDays * DAY_MS) {
      const why = timed && q.bucket ? `with ${q.bucket} buckets` : 'without a time dimension';
      ctx.addIssue({ code: 'custom', path: ['timeRange'], message: `The range spans ${Math.ceil(span / DAY_MS)} days; at most ${maxDays} days ${why}` });
    }
  })
  .meta({ id: 'AnalyticsQuery' });
export type AnalyticsQuery = z.output<typeof ZAnalyticsQuery>;
export type AnalyticsQueryInput = z.input<typeof ZAnalyticsQuery>;

/** The absolute range of a (validated) query, relative ranges ending at `now`. */
export function resolveTimeRange(range: TimeRangeInput, now = new Date()): { from: Date; to: Date } {
  if ('last' in range) return { from: new Date(now.getTime() - RELATIVE_RANGE_MS[range.last]), to: now };
  return { from: new Date(range.from), to: new Date(range.to) };
}

export const UNITS = ['count', 'minutes', 'percent'] as const;

export const ZAnalyticsResult = z
  .object({
    source: z.enum(QUERY_SOURCES),
    measure: z.string(),
    dimensions: z.array(z.string()),
    unit: z.enum(UNITS).describe('count, minutes (mean times) or percent'),
    timeRange: z.object({ from: ZTimestamp, to: ZTimestamp }).nullable().describe('The absolute range read; null for devices (a snapshot of now)'),
    bucket: z.enum(TIME_BUCKETS).nullable(),
    rows: z
      .array(
        z.object({
          keys: z.record(z.string(), z.string().nullable()).describe('Value of each dimension: an id (org, site, device), an enum value, or the bucket start (time, ISO 8601); null when the record has none (no site)'),
          value: z.number().nullable().describe('The measure; null when no record of the group had a value (e.g. none acknowledged)'),
          count: z.number().int().describe('Records behind the value (alerts, tickets, devices; for metrics, devices)'),
        }),
      )
      .describe('Groups ordered by time (when a dimension), else by value, largest first'),
    labels: z.record(z.string(), z.string()).describe('Display name of each organization, site and device id in the keys'),
    truncated: z.boolean().describe('More groups matched than `limit`'),
  })
  .meta({ id: 'AnalyticsResult' });
export type TAnalyticsResult = z.infer<typeof ZAnalyticsResult>;
