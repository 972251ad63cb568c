// /api/v1/webhooks/:id — one webhook.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZUpdateWebhook, ZWebhook, ZWebhookWithStats } from '@/lib/webhooks/schemas';
import { getWebhook } from '@/lib/webhooks/get-webhook';
import { updateWebhook } from '@/lib/webhooks/update-webhook';
import { deleteWebhook } from '@/lib/webhooks/delete-webhook';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'webhooks:read',
  params: ZIdParams,
  summary: 'Get a webhook with its delivery statistics',
  description: '`deliveryStats` counts its delivery records by status; `lastDeliveredAt` is the latest successful delivery.',
  tags: ['Webhooks'],
  response: ZWebhookWithStats,
  handler: ({ ctx, params }) => getWebhook(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'webhooks:manage',
  params: ZIdParams,
  body: ZUpdateWebhook,
  summary: 'Update a webhook',
  description:
    'Any of name, url (re-validated; 400 `Invalid webhook URL`), secret (null stops signing), events, headers (replace the list) and status. Status `active` receives deliveries; `paused` holds them (pending and retrying deliveries wait and resume when it is set back to `active`); `failed` behaves like paused and is also set by the system after 25 consecutive deliveries fail (WEBHOOK_AUTO_FAIL_AFTER). Stored as active / disabled / error.',
  tags: ['Webhooks'],
  response: ZWebhook,
  handler: ({ ctx, params, body }) => updateWebhook(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'webhooks:manage',
  params: ZIdParams,
  summary: 'Delete a webhook and all its delivery records',
  tags: ['Webhooks'],
  handler: ({ ctx, params }) => deleteWebhook(ctx, params.id),
});
