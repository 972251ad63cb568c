// /api/v1/distributor/orders — order history and queue; the organization's direct order.
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateOrder, ZListOrdersQuery, ZOrderList, ZOrderResult } from '@/lib/distributor/order-schemas';
import { listOrders } from '@/lib/distributor/list-orders';
import { createOrder } from '@/lib/distributor/create-order';
import { DISTRIBUTOR_ACCESS, DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  query: ZListOrdersQuery,
  summary: 'List distributor orders',
  description: `${DISTRIBUTOR_ACCESS} With \`orgId\`: that organization's orders, newest first, up to 100 (404 outside your access). Without: the partner's non-terminal queue (draft, awaiting_details, ready, submitting, partially_failed) in the organizations you reach.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZOrderList,
  handler: ({ ctx, query }) => listOrders(ctx, query),
});

export const POST = defineRoute({
  auth: 'user',
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  mfa: true,
  body: ZCreateOrder,
  status: 201,
  summary: 'Create (or get) the organization’s direct order',
  description: `${DISTRIBUTOR_ACCESS} 201 with a new \`draft\` order, or 200 with the organization's existing mutable direct order. Needs an active integration (409 \`INTEGRATION_REQUIRED\`/\`INTEGRATION_INACTIVE\`) and exactly one non-ignored, order-ready company mapped to the organization (409 \`ORDER_COMPANY_REQUIRED\`). MFA required; audited.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZOrderResult,
  audit: 'distributor_order.create',
  handler: ({ ctx, body }) => createOrder(ctx, body),
});
