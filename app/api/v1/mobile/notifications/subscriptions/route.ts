// GET /api/v1/mobile/notifications/subscriptions — the caller's registered browsers and phones.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZPushSubscription } from '@/lib/mobile/schemas';
import { listOwnPushSubscriptions } from '@/lib/mobile/push';

// Not in the spec's catalogue: the notification settings page shows where pushes go and lets the
// person remove one.
export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  summary: 'List my push subscriptions',
  description: 'The caller’s own push subscriptions, newest first (at most 100).',
  tags: ['Mobile'],
  response: z.object({ data: z.array(ZPushSubscription) }).meta({ id: 'MobilePushSubscriptionList' }),
  handler: ({ ctx }) => listOwnPushSubscriptions(ctx),
});
