// POST /distributor/orders/:id/lines: stage one line on a mutable direct order, by action
// (doc 2 line-staging table). Changes and cancellations fail closed: the subscription's link,
// billing quantity and commitment are read, the commitment rules fetched live, and the write
// re-checks all of them under lock.
import type { z } from 'zod';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { UserContext } from '@/lib/auth/context';
import { AppError, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ZStageLine } from './order-schemas';
import { assertMutable, getOrderOrThrow, lockOrderOrThrow } from './get-order-or-throw';
import { activeIntegrationOrThrow } from './order-company';
import { findMappedProducts } from './list-products';
import { clientForIntegration } from './integration-credentials';
import { upstreamError } from './product-live-calls';
import { toOrderLineDto } from './to-order-dto';

type Input = z.output<typeof ZStageLine>;
const unprocessable = (code: string, message: string, details: Record<string, unknown> = {}) => new AppError(code, 422, message, details);
export const todayUtc = () => new Date().toISOString().slice(0, 10);

export async function assertMappedPair(integration: { id: string; partnerId: string }, distributorProductId: string, catalogItemId: string) {
  const pair = await findMappedProducts(integration, { distributorProductId, catalogItemId });
  if (pair.length !== 1) throw unprocessable('PRODUCT_NOT_MAPPED', 'The product and catalog item are not an active pair of GET /distributor/products', { distributorProductId, catalogItemId });
}

/** What a change or cancellation stands on; compared again under lock before the write. */
async function targetEvidence(tx: Prisma.TransactionClient | typeof db, order: { integrationId: string; orgId: string }, targetSubscriptionId: string) {
  const sub = await tx.distributorSubscription.findFirst({ where: { id: targetSubscriptionId, integrationId: order.integrationId } });
  const company = sub ? await tx.distributorCompany.findUnique({ where: { integrationId_distributorCompanyId: { integrationId: sub.integrationId, distributorCompanyId: sub.distributorCompanyId } } }) : null;
  if (!sub || company?.orgId !== order.orgId) throw unprocessable('SUBSCRIPTION_NOT_IN_ORG', 'The target subscription does not belong to the order’s organization');
  if (!sub.contractLineId) throw unprocessable('SUBSCRIPTION_NOT_LINKED', 'The subscription is not linked to a manual contract line');
  const line = await tx.contractLine.findFirst({ where: { id: sub.contractLineId, type: 'manual', contract: { orgId: order.orgId } }, select: { id: true, manualQuantity: true } });
  if (!line || line.manualQuantity === null) throw unprocessable('SUBSCRIPTION_NOT_LINKED', 'The linked manual contract line or its quantity is missing');
  return {
    sub,
    evidence: { contractLineId: line.id, billingQuantity: line.manualQuantity.toString(), distributorQuantity: sub.quantity?.toString() ?? null, activeCommitmentId: sub.activeCommitmentId, ambiguous: sub.activeCommitmentAmbiguous },
  };
}

export async function stageLine(ctx: UserContext, orderId: string, input: Input) {
  const order = await getOrderOrThrow(ctx, orderId);
  assertMutable(order);
  if (order.source !== 'direct') throw conflict('Lines of a quote-staged order can only be completed with PATCH', 'QUOTE_ORDER_LOCKED');
  const integration = await activeIntegrationOrThrow(db, order.partnerId);
  let evidence: Awaited<ReturnType<typeof targetEvidence>>['evidence'] | null = null;

  if (input.action === 'new_subscription') {
    await assertMappedPair(integration, input.distributorProductId, input.catalogItemId);
  } else {
    if (input.action === 'cancel' && input.cancelDate !== undefined && input.cancelDate !== todayUtc()) {
      throw unprocessable('CANCEL_DATE_NOT_TODAY', 'Cancellation is immediate: cancelDate must be omitted or today (UTC)', { cancelDate: input.cancelDate, today: todayUtc() });
    }
    const target = await targetEvidence(db, order, input.targetSubscriptionId);
    evidence = target.evidence;
    if (!evidence.activeCommitmentId || evidence.ambiguous || !target.sub.distributorProductId) {
      throw unprocessable('COMMITMENT_UNDETERMINED', 'The active commitment of the subscription cannot be determined');
    }
    let rules;
    try {
      rules = await clientForIntegration(integration).getDependencies(target.sub.distributorProductId);
    } catch (error) {
      throw upstreamError(error);
    }
    const rule = rules.find((r) => r.id === evidence!.activeCommitmentId);
    if (!rule) throw unprocessable('COMMITMENT_UNDETERMINED', 'The distributor does not list the subscription’s active commitment');
    if (input.action === 'cancel' && !rule.allowForEarlyCancellation) throw unprocessable('COMMITMENT_FORBIDS_ACTION', 'The active commitment does not allow cancellation', { commitmentId: rule.id });
    if (input.action === 'change_quantity') {
      const current = evidence.distributorQuantity ?? evidence.billingQuantity;
      const delta = new Prisma.Decimal(input.quantity).comparedTo(new Prisma.Decimal(current));
      if (delta === 0) throw unprocessable('QUANTITY_UNCHANGED', 'The quantity equals the current quantity', { current });
      if (delta > 0 && !rule.allowForQuantityIncrease) throw unprocessable('COMMITMENT_FORBIDS_ACTION', 'The active commitment does not allow a quantity increase', { commitmentId: rule.id });
      if (delta < 0 && !rule.allowForQuantityDecrease) throw unprocessable('COMMITMENT_FORBIDS_ACTION', 'The active commitment does not allow a quantity decrease', { commitmentId: rule.id });
    }
  }

  const line = await db.$transaction(async (tx) => {
    const locked = await lockOrderOrThrow(ctx, orderId, tx);
    assertMutable(locked);
    let contractLineId: string | null = null;
    if (input.action !== 'new_subscription') {
      await tx.$queryRaw`select id from distributor_subscriptions where id = ${input.targetSubscriptionId}::uuid for update`;
      const again = await targetEvidence(tx, locked, input.targetSubscriptionId);
      if (JSON.stringify(again.evidence) !== JSON.stringify(evidence)) {
        throw conflict('The subscription’s link, quantity or commitment changed while the line was authorised; try again', 'LINK_CHANGED');
      }
      await tx.$queryRaw`select id from contract_lines where id = ${again.evidence.contractLineId}::uuid for update`;
      contractLineId = again.evidence.contractLineId;
      if (locked.lines.some((l) => l.targetSubscriptionId === input.targetSubscriptionId)) {
        throw conflict('The order already changes or cancels this subscription', 'DUPLICATE_SUBSCRIPTION_CHANGE');
      }
    }
    const created = await tx.distributorOrderLine.create({
      data: {
        orderId,
        action: input.action,
        ...(input.action === 'new_subscription'
          ? {
              distributorProductId: input.distributorProductId,
              catalogItemId: input.catalogItemId,
              billingTerm: input.billingTerm,
              quantity: new Prisma.Decimal(input.quantity),
              commitmentTermId: input.commitmentTermId ?? null,
              provisioningDetails: (input.provisioningDetails ?? []) as Prisma.InputJsonValue,
            }
          : {
              targetSubscriptionId: input.targetSubscriptionId,
              contractLineId,
              quantity: new Prisma.Decimal(input.action === 'cancel' ? '0' : input.quantity),
              cancelDate: input.action === 'cancel' ? new Date(`${todayUtc()}T00:00:00Z`) : null,
            }),
      },
    });
    // A changed order needs a new preflight before it counts as ready.
    if (locked.status === 'ready') await tx.distributorOrder.update({ where: { id: orderId }, data: { status: 'draft' } });
    await writeAudit(ctx, { action: 'distributor_order.line_add', targetType: 'distributor_order', targetId: orderId, partnerId: locked.partnerId, orgId: locked.orgId, details: { lineId: created.id, action: input.action } }, tx);
    return created;
  });
  return { data: toOrderLineDto(line) };
}
