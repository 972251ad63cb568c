// GET /api/v1/mobile/notifications/vapid-key — the key a browser subscribes to pushes with.
import { defineRoute } from '@/lib/http/define-route';
import { ZVapidKey } from '@/lib/mobile/schemas';
import { vapidKeys } from '@/lib/mobile/push';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';

// Not in the spec's catalogue: a browser needs the application server key before it can make
// the subscription POST /mobile/notifications/register takes.
export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'none',
  summary: 'Web Push VAPID public key',
  description: 'The service’s VAPID public key (RFC 8292), made once and shared by every web and worker process: pass it as `applicationServerKey` to `PushManager.subscribe`.',
  tags: ['Mobile'],
  response: ZVapidKey,
  handler: async ({ ctx }) => {
    decideSelf(ctx, 'a public key every signed-in user may read');
    return { publicKey: (await vapidKeys()).publicKey };
  },
});
