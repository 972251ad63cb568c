// POST /api/v1/mobile/notifications/unregister — stop pushes to one browser or phone.
import { defineRoute } from '@/lib/http/define-route';
import { ZUnregisterPush } from '@/lib/mobile/schemas';
import { unregisterPush } from '@/lib/mobile/push';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  body: ZUnregisterPush,
  status: 204,
  summary: 'Unregister from push notifications',
  description: 'Removes one of the caller’s own subscriptions, named by `id`, by Web Push `endpoint` or by device `token`; 404 when the caller has no such subscription. Audited.',
  tags: ['Mobile'],
  audit: false,
  handler: ({ ctx, body }) => unregisterPush(ctx, body),
});
