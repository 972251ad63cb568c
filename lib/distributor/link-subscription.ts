// POST/DELETE /distributor/subscriptions/link: link (or re-point) a subscription snapshot to a
// manual contract line of the organization its company is mapped to; unlink is idempotent.
import type { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { AppError, conflict, notFound } from '@/lib/http/errors';
import { orgInScope } from '@/lib/tenancy/scope';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ZLinkSubscription, ZUnlinkSubscription } from './schemas';
import { getIntegrationOrThrow } from './get-integration-or-throw';
import { toSubscriptionDto } from './to-subscription-dto';
import { billingQuantities } from './billing-quantities';

async function lockSnapshot(tx: Tx, ctx: UserContext, integrationId: string, distributorSubscriptionId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    select id from distributor_subscriptions where integration_id = ${integrationId}::uuid and distributor_subscription_id = ${distributorSubscriptionId} for update`;
  if (!rows[0]) throw notFound('Distributor subscription');
  const sub = await tx.distributorSubscription.findUniqueOrThrow({ where: { id: rows[0].id } });
  const company = await tx.distributorCompany.findUnique({ where: { integrationId_distributorCompanyId: { integrationId, distributorCompanyId: sub.distributorCompanyId } } });
  if (company?.orgId && !orgInScope(ctx, { id: company.orgId, partnerId: company.partnerId })) throw notFound('Distributor subscription');
  return { sub, company };
}

export async function linkSubscription(ctx: UserContext, input: z.output<typeof ZLinkSubscription>) {
  const integration = await getIntegrationOrThrow(ctx, input.integrationId);
  return db.$transaction(async (tx) => {
    const { sub, company } = await lockSnapshot(tx, ctx, integration.id, input.distributorSubscriptionId);
    if (!company?.orgId) throw conflict('Map the subscription’s company to an organization first', 'COMPANY_NOT_MAPPED');
    const line = await tx.contractLine.findFirst({
      where: { id: input.contractLineId, contract: { partnerId: integration.partnerId, orgId: company.orgId } },
      select: { id: true, type: true, contract: { select: { orgId: true, status: true } } },
    });
    if (!line) throw new AppError('LINE_NOT_FOUND', 404, 'Contract line not found');
    if (line.type !== 'manual') throw conflict('Only manual contract lines can be linked', 'LINE_NOT_MANUAL');
    const taken = await tx.distributorSubscription.findFirst({ where: { contractLineId: line.id, NOT: { id: sub.id } }, select: { distributorSubscriptionId: true } });
    if (taken) throw conflict('The contract line is linked to another subscription', 'CONTRACT_LINE_ALREADY_LINKED', { distributorSubscriptionId: taken.distributorSubscriptionId });
    const repointed = sub.contractLineId !== line.id;
    const updated = await tx.distributorSubscription.update({
      where: { id: sub.id },
      data: {
        contractLineId: line.id,
        syncEnabled: input.syncEnabled ?? (repointed ? false : sub.syncEnabled),
        // Observations belong to the link they were made for.
        ...(repointed ? { lastObservedQuantity: null, lastObservedAt: null } : {}),
      },
    });
    await writeAudit(ctx, {
      action: 'distributor_subscription.link',
      targetType: 'distributor_subscription',
      targetId: updated.id,
      partnerId: integration.partnerId,
      orgId: company.orgId,
      details: { distributorSubscriptionId: updated.distributorSubscriptionId, from: sub.contractLineId, to: line.id, syncEnabled: updated.syncEnabled },
    }, tx);
    const billing = await billingQuantities([line.id], tx);
    return { data: toSubscriptionDto(updated, company, billing.get(line.id) ?? null) };
  });
}

export async function unlinkSubscription(ctx: UserContext, input: z.output<typeof ZUnlinkSubscription>) {
  const integration = await getIntegrationOrThrow(ctx, input.integrationId);
  return db.$transaction(async (tx) => {
    const { sub, company } = await lockSnapshot(tx, ctx, integration.id, input.distributorSubscriptionId);
    if (sub.contractLineId === null) return { data: toSubscriptionDto(sub, company ?? undefined, null), unlinked: false };
    const updated = await tx.distributorSubscription.update({
      where: { id: sub.id },
      data: { contractLineId: null, syncEnabled: false, lastObservedQuantity: null, lastObservedAt: null },
    });
    await writeAudit(ctx, {
      action: 'distributor_subscription.unlink',
      targetType: 'distributor_subscription',
      targetId: updated.id,
      partnerId: integration.partnerId,
      orgId: company?.orgId ?? null,
      details: { distributorSubscriptionId: updated.distributorSubscriptionId, from: sub.contractLineId },
    }, tx);
    return { data: toSubscriptionDto(updated, company ?? undefined, null), unlinked: true };
  });
}
