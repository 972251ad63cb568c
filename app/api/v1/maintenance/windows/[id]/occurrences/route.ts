// GET /api/v1/maintenance/windows/:id/occurrences — one window's occurrences.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams, ZPageOf } from '@/lib/http/common-schemas';
import { ZOccurrence, ZWindowOccurrencesQuery } from '@/lib/maintenance/schemas';
import { listOccurrences } from '@/lib/maintenance/list-occurrences';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  query: ZWindowOccurrencesQuery,
  summary: 'List the occurrences of a maintenance window',
  description: 'By start time. Needs `devices:read`.',
  tags: ['Maintenance'],
  response: ZPageOf(ZOccurrence),
  handler: ({ ctx, params, query }) => listOccurrences(ctx, query, params.id),
});
