// GET /distributor/drift: sync-enabled links on manual contract lines whose distributor quantity
// is known and differs from the billing quantity. Local data only: no distributor call, no write.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { getIntegrationOrThrow } from './get-integration-or-throw';
import { mappedOrgWhere } from './visible-org-filter';

export async function listDrift(ctx: ActorContext, input: { integrationId: string }) {
  const integration = await getIntegrationOrThrow(ctx, input.integrationId);
  const links = await db.distributorSubscription.findMany({
    where: { integrationId: integration.id, syncEnabled: true, contractLineId: { not: null }, quantity: { not: null } },
    orderBy: { distributorSubscriptionId: 'asc' },
  });
  if (links.length === 0) return { data: [] };
  const lines = await db.contractLine.findMany({
    where: { id: { in: links.map((l) => l.contractLineId!) }, type: 'manual', manualQuantity: { not: null }, contract: { partnerId: integration.partnerId } },
    select: { id: true, manualQuantity: true, contract: { select: { orgId: true } } },
  });
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const visible = await db.distributorCompany.findMany({ where: { integrationId: integration.id, ...mappedOrgWhere(ctx) }, select: { distributorCompanyId: true } });
  const visibleCompanies = new Set(visible.map((c) => c.distributorCompanyId));
  const data = [];
  for (const link of links) {
    const line = lineById.get(link.contractLineId!);
    if (!line || !visibleCompanies.has(link.distributorCompanyId)) continue;
    if (line.manualQuantity!.equals(link.quantity!)) continue;
    data.push({
      contractLineId: line.id,
      orgId: line.contract.orgId,
      distributorSubscriptionId: link.distributorSubscriptionId,
      productName: link.productName,
      billingQuantity: line.manualQuantity!.toString(),
      distributorQuantity: link.quantity!.toString(),
    });
  }
  return { data };
}
