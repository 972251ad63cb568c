// POST /api/v1/distributor/orders/:id/submit — send the pending lines to the distributor.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZSubmitResult } from '@/lib/distributor/order-schemas';
import { submitOrder } from '@/lib/distributor/submit-order';
import { DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const POST = defineRoute({
  auth: 'user',
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  mfa: true,
  params: ZIdParams,
  summary: 'Submit a distributor order',
  description: 'Claims the order and its pending lines before any external write (a concurrent submit gets 409 `SUBMIT_CONFLICT`), re-checks that the integration and catalog items are still active, then writes each line: success → `succeeded` (a change or cancellation updates the linked manual contract line\'s quantity; cancellation records 0), definitive rejection → `failed`, timeout, transport error or uncertain outcome → `needs_reconcile`. Always 200 `{ orderId, status: completed|partially_failed|failed, lines: [{ lineId, submitState, error? }] }`. MFA required; audited.',
  tags: DISTRIBUTOR_TAGS,
  response: ZSubmitResult,
  audit: 'distributor_order.submit',
  handler: ({ ctx, params }) => submitOrder(ctx, params.id),
});
