// GET /api/v1/monitors/:monitorId/alerts — alerts raised by one monitor. (The folder is [id]:
// Next.js needs one parameter name per path level.)
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAlertPage } from '@/lib/alerts/schemas';
import { ZMonitorAlertsQuery } from '@/lib/monitors/schemas';
import { listMonitorAlerts } from '@/lib/monitors/monitor-alerts';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  params: ZIdParams,
  query: ZMonitorAlertsQuery,
  summary: "List a monitor's alerts",
  tags: ['Monitors'],
  response: ZAlertPage,
  handler: ({ ctx, params, query }) => listMonitorAlerts(ctx, query, params.id),
});
