// GET /api/v1/devices/:id/metrics — stored CPU, memory and disk history from heartbeats.
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceIdParams, ZDeviceMetrics, ZDeviceMetricsQuery } from '@/lib/devices/schemas';
import { getDeviceMetrics } from '@/lib/devices/get-device-metrics';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceIdParams,
  query: ZDeviceMetricsQuery,
  summary: 'Get a device’s metric history',
  description: [
    'CPU, memory and disk percent from the device’s heartbeats: per point the average, minimum and maximum of each metric, the number of heartbeats and the availability (share of the point’s 5-minute intervals with a heartbeat).',
    'History is kept in three tiers, each with its own retention: 5-minute buckets for `METRIC_HISTORY_DAYS` (default 7), hourly rollups for `METRIC_HOURLY_DAYS` (default 90) and daily rollups for `METRIC_DAILY_DAYS` (default 730). Each period is read from the coarsest tier that holds it at the asked resolution; the values are the same whichever tier answers.',
    'Range: default the last 24 hours, at most `METRIC_DAILY_DAYS` days (`from` must be before `to`, else 400). Resolution (`interval`): `5m` needs `from` within the 5-minute retention and a range of at most 31 days, `1h` needs `from` within the hourly retention; outside them the answer is 400. Without `interval`, up to 24 hours reads `5m`, up to 7 days `1h`, longer `1d`, moving to the next coarser tier when the chosen one no longer holds `from`.',
    'Intervals without heartbeats are absent, so gaps show where the device was silent.',
  ].join('\n\n'),
  tags: ['Devices'],
  response: ZDeviceMetrics,
  handler: ({ ctx, params, query }) => getDeviceMetrics(ctx, params.id, query),
});
