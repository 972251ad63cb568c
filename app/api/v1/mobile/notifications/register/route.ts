// POST /api/v1/mobile/notifications/register — receive alert pushes on this browser or phone.
import { defineRoute } from '@/lib/http/define-route';
import { ZPushSubscription, ZRegisterPush } from '@/lib/mobile/schemas';
import { registerPush } from '@/lib/mobile/push';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  body: ZRegisterPush,
  status: 201,
  summary: 'Register for push notifications',
  description: [
    'Registers the caller’s browser or phone for pushes of the notifications alert policies send the caller (the same ones as the bell). `provider: webpush` takes the browser’s `PushSubscription.toJSON()`, made with the service’s VAPID key (GET /mobile/notifications/vapid-key); its endpoint must pass the same address-safety rules as webhook URLs (400 `UNSAFE_URL`). `fcm` and `apns` take a device token; they answer 422 `PUSH_PROVIDER_NOT_CONFIGURED` while the service has no credentials for them.',
    'Registering an endpoint again replaces its keys and moves it to the caller. Subscriptions the push service reports gone (404 or 410) are removed by themselves. Audited.',
  ].join('\n\n'),
  tags: ['Mobile'],
  response: ZPushSubscription,
  audit: false,
  errors: [422],
  handler: ({ ctx, body }) => registerPush(ctx, body),
});
