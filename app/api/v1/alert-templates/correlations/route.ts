// GET /api/v1/alert-templates/correlations — alerts grouped under another alert.
import { defineRoute } from '@/lib/http/define-route';
import { ZCorrelationPage, ZListCorrelationsQuery } from '@/lib/alerts/correlation/schemas';
import { listCorrelations } from '@/lib/alerts/correlation/list-correlations';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  query: ZListCorrelationsQuery,
  summary: 'List correlated alerts',
  description: 'Every alert that belongs to a correlation group of two or more alerts, with its group, the root alert (the one that paged) and the shared key. Alerts of one organization correlate when they share a site (or device, or — for device-less alerts — the organization) within ALERT_CORRELATION_WINDOW_MINUTES of the group’s last alert.',
  tags: ['Alert correlation'],
  response: ZCorrelationPage,
  handler: ({ ctx, query }) => listCorrelations(ctx, query),
});
