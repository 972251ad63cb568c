// /api/v1/webhooks/:id/test — send a test delivery.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZTestResult, ZTestWebhook } from '@/lib/webhooks/schemas';
import { sendTestDelivery } from '@/lib/webhooks/send-test-delivery';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'webhooks:manage',
  params: ZIdParams,
  body: ZTestWebhook,
  status: 202,
  summary: 'Queue a test delivery',
  description:
    'Emits `webhook.test` (or the given event type, as a simulation) to this webhook only, through the normal pipeline: URL re-validation, signing, retries. `payload` becomes the payload `data` (default: a message, timestamp and the webhook id). 409 `WEBHOOK_NOT_ACTIVE` when the webhook is paused or failed.',
  tags: ['Webhooks'],
  response: ZTestResult,
  handler: ({ ctx, params, body }) => sendTestDelivery(ctx, params.id, body),
});
