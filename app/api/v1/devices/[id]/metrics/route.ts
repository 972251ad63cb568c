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
    'CPU, memory and disk percent from the device’s heartbeats, stored in 5-minute buckets for `METRIC_HISTORY_DAYS` (default 7) and returned at `5m`, `1h` or `1d` resolution: per point the average and maximum of each metric and the number of heartbeats.',
    'Default range: the last 24 hours; at most 31 days (`from` must be before `to`, else 400). Intervals without heartbeats are absent, so gaps show where the device was silent.',
  ].join('\n\n'),
  tags: ['Devices'],
  response: ZDeviceMetrics,
  handler: ({ ctx, params, query }) => getDeviceMetrics(ctx, params.id, query),
});
