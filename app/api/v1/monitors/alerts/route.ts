// GET /api/v1/monitors/alerts — alerts raised by monitors.
import { defineRoute } from '@/lib/http/define-route';
import { ZAlertPage } from '@/lib/alerts/schemas';
import { ZMonitorAlertsQuery } from '@/lib/monitors/schemas';
import { listMonitorAlerts } from '@/lib/monitors/monitor-alerts';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  query: ZMonitorAlertsQuery,
  summary: 'List monitor alerts',
  description: 'Alerts with source `monitor`, newest first; dismissed ones only with `status=dismissed`.',
  tags: ['Monitors'],
  response: ZAlertPage,
  handler: ({ ctx, query }) => listMonitorAlerts(ctx, query),
});
