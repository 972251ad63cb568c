// POST /distributor/orders/:id/preflight: mock-validates the pending new-subscription lines at the
// distributor. Success → { ok: true } (the order becomes ready); a validation failure → 422 with
// the distributor's raw body. Orders with only changes and cancellations make no call.
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertMutable, getOrderOrThrow } from './get-order-or-throw';
import { activeIntegrationOrThrow, orderCompanyOrThrow } from './order-company';
import { assertMappedPair } from './stage-line';
import { clientForIntegration } from './integration-credentials';
import { DistributorError } from './distributor-client';
import { upstreamError } from './product-live-calls';

export async function preflightOrder(ctx: UserContext, orderId: string) {
  const order = await getOrderOrThrow(ctx, orderId);
  assertMutable(order);
  const lines = order.lines.filter((l) => l.action === 'new_subscription' && l.submitState === 'pending');
  if (lines.length > 0) {
    const integration = await activeIntegrationOrThrow(db, order.partnerId);
    const company = await orderCompanyOrThrow(db, integration.id, order.orgId);
    for (const line of lines) await assertMappedPair(integration, line.distributorProductId!, line.catalogItemId!);
    try {
      await clientForIntegration(integration).validateOrder({
        companyId: company.distributorCompanyId,
        reference: `preflight:${order.id}`,
        lineItems: lines.map((l) => ({
          productId: l.distributorProductId!,
          quantity: l.quantity!.toString(),
          billingTerm: l.billingTerm!,
          commitmentTermId: l.commitmentTermId,
          provisioningDetails: (l.provisioningDetails as { key: string; values: string[] }[]) ?? [],
        })),
      });
    } catch (error) {
      if (error instanceof DistributorError && error.kind === 'rejected') {
        const raw = error.body;
        return typeof raw === 'string'
          ? new Response(raw, { status: 422, headers: { 'content-type': 'text/plain; charset=utf-8' } })
          : new Response(JSON.stringify(raw ?? null), { status: 422, headers: { 'content-type': 'application/json; charset=utf-8' } });
      }
      throw upstreamError(error);
    }
  }
  await db.distributorOrder.updateMany({ where: { id: orderId, status: { in: ['draft', 'awaiting_details'] } }, data: { status: 'ready' } });
  await writeAudit(ctx, { action: 'distributor_order.preflight', targetType: 'distributor_order', targetId: orderId, partnerId: order.partnerId, orgId: order.orgId, details: { validatedLines: lines.length } });
  return { ok: true as const };
}
