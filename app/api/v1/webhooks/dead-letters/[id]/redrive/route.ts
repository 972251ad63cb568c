// /api/v1/webhooks/dead-letters/:id/redrive — re-drive one dead letter.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZRedriveResult } from '@/lib/webhooks/schemas';
import { redriveDeadLetter } from '@/lib/webhooks/redrive-dead-letters';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'webhooks:manage',
  params: ZIdParams,
  status: 202,
  summary: 'Re-drive a dead letter',
  description: 'Queues a NEW pending delivery (attempt 0) of the same event and payload and marks the dead letter re-driven. 409 `ALREADY_REDRIVEN` when it was re-driven before.',
  tags: ['Webhooks'],
  response: ZRedriveResult,
  handler: ({ ctx, params }) => redriveDeadLetter(ctx, params.id),
});
