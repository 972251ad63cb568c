// GET /api/v1/maintenance/occurrences — occurrences of every window in scope.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZListOccurrencesQuery, ZOccurrence } from '@/lib/maintenance/schemas';
import { listOccurrences } from '@/lib/maintenance/list-occurrences';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListOccurrencesQuery,
  summary: 'List maintenance occurrences',
  description: 'By start time; filter by derived `status` (scheduled, active, completed, cancelled), window, organization or time range. Needs `devices:read`.',
  tags: ['Maintenance'],
  response: ZPageOf(ZOccurrence),
  handler: ({ ctx, query }) => listOccurrences(ctx, query),
});
