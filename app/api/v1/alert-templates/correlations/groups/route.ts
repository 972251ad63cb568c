// GET /api/v1/alert-templates/correlations/groups — correlation groups.
import { defineRoute } from '@/lib/http/define-route';
import { ZGroupPage, ZListGroupsQuery } from '@/lib/alerts/correlation/schemas';
import { listCorrelationGroups } from '@/lib/alerts/correlation/list-correlations';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:read',
  query: ZListGroupsQuery,
  summary: 'List alert correlation groups',
  description: 'Newest activity first; `minAlerts` (default 2) hides groups of a single alert. Policies notify only for a group’s root alert.',
  tags: ['Alert correlation'],
  response: ZGroupPage,
  handler: ({ ctx, query }) => listCorrelationGroups(ctx, query),
});
