// POST /api/v1/distributor/orders/:id/lines — stage a line on a direct order.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZLineResult, ZStageLine } from '@/lib/distributor/order-schemas';
import { stageLine } from '@/lib/distributor/stage-line';
import { DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const POST = defineRoute({
  auth: 'user',
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  mfa: true,
  params: ZIdParams,
  body: ZStageLine,
  status: 201,
  summary: 'Stage a distributor order line',
  description: [
    'Strict body by `action` (unknown fields are 400). `new_subscription`: `distributorProductId`, `catalogItemId` (the exact active pair of GET /distributor/products, else 422 `PRODUCT_NOT_MAPPED`), `billingTerm` (Monthly, Annual, 2-Year, 3-Year, One-Time, Trial, Activation), `quantity` (string > 0), optional `commitmentTermId`, `provisioningDetails` [{ key, values }]. `change_quantity`: `targetSubscriptionId`, `quantity` (string ≥ 0). `cancel`: `targetSubscriptionId`, `cancelDate` omitted or today in UTC (else 422 `CANCEL_DATE_NOT_TODAY`); cancellation is immediate. `contractLineId` is never accepted: it is derived from the subscription\'s link.',
    'Changes and cancellations: the subscription must belong to the order\'s organization (422 `SUBSCRIPTION_NOT_IN_ORG`) and be linked to a manual contract line with a quantity (422 `SUBSCRIPTION_NOT_LINKED`); 422 `COMMITMENT_UNDETERMINED` when the active commitment cannot be determined, 422 `COMMITMENT_FORBIDS_ACTION` when it does not allow the change (rules read live from the distributor). If the link, quantity or commitment changes while the line is authorised: 409 `LINK_CHANGED`. One change or cancellation per subscription per order (409). Direct orders only (409 `QUOTE_ORDER_LOCKED`); the integration must be active. MFA required; audited.',
  ].join('\n\n'),
  tags: DISTRIBUTOR_TAGS,
  response: ZLineResult,
  audit: 'distributor_order.line_add',
  handler: ({ ctx, params, body }) => stageLine(ctx, params.id, body),
});
