// POST /api/v1/distributor/orders/:id/reconcile — settle needs_reconcile lines by lookups.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZReconcileResult } from '@/lib/distributor/order-schemas';
import { reconcileOrder } from '@/lib/distributor/reconcile-order';
import { DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const POST = defineRoute({
  auth: 'user',
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  mfa: true,
  params: ZIdParams,
  summary: 'Reconcile a distributor order',
  description: 'Read-only lookups at the distributor (the order placed under the line\'s reference; the subscription\'s quantity or status) settle `needs_reconcile` lines as `succeeded` or `failed`; a write is never repeated. `{ resolved, stillUnknown }`. MFA required; audited.',
  tags: DISTRIBUTOR_TAGS,
  response: ZReconcileResult,
  audit: 'distributor_order.reconcile',
  handler: ({ ctx, params }) => reconcileOrder(ctx, params.id),
});
