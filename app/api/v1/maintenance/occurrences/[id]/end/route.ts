// POST /api/v1/maintenance/occurrences/:id/end — end an active occurrence now.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZOccurrence } from '@/lib/maintenance/schemas';
import { moveOccurrence } from '@/lib/maintenance/move-occurrence';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  summary: 'End a maintenance occurrence now',
  description: 'Needs `devices:write`. An `active` occurrence becomes `completed` at once (its `endsAt` moves to now): its devices leave maintenance and new alerts are raised normally. 409 `OCCURRENCE_NOT_ACTIVE` otherwise.',
  tags: ['Maintenance'],
  response: ZOccurrence,
  handler: ({ ctx, params }) => moveOccurrence(ctx, params.id, 'end'),
});
