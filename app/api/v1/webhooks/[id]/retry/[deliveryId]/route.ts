// /api/v1/webhooks/:id/retry/:deliveryId — retry a failed delivery.
import { defineRoute } from '@/lib/http/define-route';
import { ZRetryParams, ZRetryResult } from '@/lib/webhooks/schemas';
import { retryDelivery } from '@/lib/webhooks/retry-delivery';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'webhooks:manage',
  params: ZRetryParams,
  status: 202,
  summary: 'Retry a failed delivery',
  description:
    'Creates a NEW delivery record (pending, attempt 0) with the same event and payload and queues it; the failed original is left unchanged (its dead letter, if any, is marked re-driven). Only `failed` deliveries: 409 `DELIVERY_NOT_FAILED`, message `Only failed deliveries can be retried`.',
  tags: ['Webhooks'],
  response: ZRetryResult,
  handler: ({ ctx, params }) => retryDelivery(ctx, params.id, params.deliveryId),
});
