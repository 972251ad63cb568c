// POST /api/v1/distributor/orders/:id/preflight — mock-validate new subscriptions.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPreflightResult } from '@/lib/distributor/order-schemas';
import { preflightOrder } from '@/lib/distributor/preflight-order';
import { DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const POST = defineRoute({
  auth: 'user',
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  mfa: true,
  params: ZIdParams,
  summary: 'Preflight a distributor order',
  description: 'Mock-validates the pending `new_subscription` lines at the distributor (nothing is ordered). Success: `{ ok: true }` and the order is `ready`. Validation failure: 422 whose body is the distributor\'s raw JSON or text. An order with only quantity changes or cancellations answers `{ ok: true }` without a call. MFA required; audited.',
  tags: DISTRIBUTOR_TAGS,
  response: ZPreflightResult,
  audit: 'distributor_order.preflight',
  handler: ({ ctx, params }) => preflightOrder(ctx, params.id),
});
