// /api/v1/webhooks/dead-letters — the dead-letter queue of exhausted deliveries.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZDeadLetter, ZListDeadLettersQuery } from '@/lib/webhooks/schemas';
import { listDeadLetters } from '@/lib/webhooks/list-dead-letters';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'webhooks:read',
  query: ZListDeadLettersQuery,
  summary: 'List dead-lettered deliveries',
  description:
    'Deliveries whose retries were exhausted, in the caller’s scope (partner and system operators see every organization they can access), newest first. `state` open (default), redriven or all; filter by orgId or webhookId.',
  tags: ['Webhooks'],
  response: ZPageOf(ZDeadLetter),
  handler: ({ ctx, query }) => listDeadLetters(ctx, query),
});
