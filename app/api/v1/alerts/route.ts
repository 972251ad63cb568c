// GET /api/v1/alerts — alerts in scope, newest first.
import { defineRoute } from '@/lib/http/define-route';
import { ZAlertPage, ZListAlertsQuery } from '@/lib/alerts/schemas';
import { listAlerts } from '@/lib/alerts/list-alerts';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  query: ZListAlertsQuery,
  summary: 'List alerts',
  description:
    'Filters: `status` (one or more, comma separated), `severity`, `orgId`, `deviceId`, `ruleId`, `monitorId`, `source`, and `from`/`to` on triggeredAt. Dismissed alerts are hidden unless `status` includes `dismissed`. Page mode: default 50, max 100.',
  tags: ['Alerts'],
  response: ZAlertPage,
  handler: ({ ctx, query }) => listAlerts(ctx, query),
});
