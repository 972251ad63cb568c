// /api/v1/monitors — network monitors.
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateMonitor, ZListMonitorsQuery, ZMonitor, ZMonitorPage } from '@/lib/monitors/schemas';
import { createMonitor, listMonitors } from '@/lib/monitors/monitors';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListMonitorsQuery,
  summary: 'List network monitors',
  tags: ['Monitors'],
  response: ZMonitorPage,
  handler: ({ ctx, query }) => listMonitors(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  body: ZCreateMonitor,
  status: 201,
  summary: 'Create a network monitor',
  description:
    'Kinds (all unprivileged, no ICMP): `http` { url, method, expectedStatusCodes, keyword, maxLatencyMs }, `tcp` { host, port }, `dns` { hostname, recordType, expected }, `tls` { host, port, minDaysValid }. The worker checks each monitor every `intervalSeconds` (minimum MONITOR_MIN_INTERVAL_SECONDS); `failureThreshold` consecutive failures raise an alert (severity `severity`) through the alert lifecycle, and the first success resolves it. Targets follow the webhook URL-safety rules on a hosted service (400 INVALID_MONITOR_TARGET); a self-hosted service (IS_HOSTED=false) may monitor private addresses (never cloud metadata).',
  tags: ['Monitors'],
  response: ZMonitor,
  audit: 'monitor.create',
  handler: ({ ctx, body }) => createMonitor(ctx, body),
});
