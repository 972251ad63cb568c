// /api/v1/webhooks/dead-letters/redrive — re-drive dead letters in bulk.
import { defineRoute } from '@/lib/http/define-route';
import { ZRedriveDeadLetters, ZRedriveResult } from '@/lib/webhooks/schemas';
import { redriveDeadLetters } from '@/lib/webhooks/redrive-dead-letters';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'webhooks:manage',
  body: ZRedriveDeadLetters,
  status: 202,
  summary: 'Re-drive dead letters in bulk',
  description: 'Either `ids` (up to 500) or `webhookId` (its open dead letters, oldest first, up to 500). Dead letters outside the caller’s scope or already re-driven are skipped.',
  tags: ['Webhooks'],
  response: ZRedriveResult,
  handler: ({ ctx, body }) => redriveDeadLetters(ctx, body),
});
