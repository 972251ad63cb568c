// /api/v1/webhooks/:id/deliveries — delivery history.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams, ZPageOf } from '@/lib/http/common-schemas';
import { ZDelivery, ZListDeliveriesQuery } from '@/lib/webhooks/schemas';
import { listDeliveries } from '@/lib/webhooks/list-deliveries';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'webhooks:read',
  params: ZIdParams,
  query: ZListDeliveriesQuery,
  summary: 'List delivery records of a webhook',
  description: 'Newest first; page default 1, limit default 50 (max 100); filter by status (pending, delivered, failed, retrying). Each record has the payload sent, the last response status and body (first 1,000 characters), its round-trip time and error message.',
  tags: ['Webhooks'],
  response: ZPageOf(ZDelivery),
  handler: ({ ctx, params, query }) => listDeliveries(ctx, params.id, query),
});
