// POST /api/v1/maintenance/occurrences/:id/start — start a scheduled occurrence now.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZOccurrence } from '@/lib/maintenance/schemas';
import { moveOccurrence } from '@/lib/maintenance/move-occurrence';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  summary: 'Start a maintenance occurrence now',
  description: 'Needs `devices:write`. A `scheduled` occurrence becomes `active` at once (its `startsAt` moves to now, its end stays). 409 `OCCURRENCE_NOT_SCHEDULED` otherwise.',
  tags: ['Maintenance'],
  response: ZOccurrence,
  handler: ({ ctx, params }) => moveOccurrence(ctx, params.id, 'start'),
});
