// GET /api/v1/maintenance/occurrences/:id — one occurrence.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZOccurrence } from '@/lib/maintenance/schemas';
import { getOccurrence } from '@/lib/maintenance/get-occurrence';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Get a maintenance occurrence',
  description: 'Needs `devices:read`.',
  tags: ['Maintenance'],
  response: ZOccurrence,
  handler: ({ ctx, params }) => getOccurrence(ctx, params.id),
});
