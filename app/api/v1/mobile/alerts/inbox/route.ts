// GET /api/v1/mobile/alerts/inbox — open alerts for the mobile app.
import { defineRoute } from '@/lib/http/define-route';
import { pageQuery } from '@/lib/http/pagination';
import { ZAlertPage } from '@/lib/alerts/schemas';
import { listAlerts } from '@/lib/alerts/list-alerts';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  query: pageQuery(25, 100),
  summary: 'Mobile alert inbox',
  description: 'Alerts that still need someone: active and acknowledged, newest first (default 25, max 100).',
  tags: ['Mobile'],
  response: ZAlertPage,
  handler: ({ ctx, query }) => listAlerts(ctx, { ...query, status: ['active', 'acknowledged'] }),
});
