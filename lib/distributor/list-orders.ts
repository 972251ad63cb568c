import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { orgInScope, tenantWhere } from '@/lib/tenancy/scope';
import { resolveDistributorPartner } from './resolve-distributor-partner';
import { toOrderDto } from './to-order-dto';

export const ORDER_HISTORY_LIMIT = 100;
const QUEUE_STATUSES = ['draft', 'awaiting_details', 'ready', 'submitting', 'partially_failed'] as const;

/** With orgId: that organization's history, newest first (≤ 100). Without: the partner's open queue. */
export async function listOrders(ctx: ActorContext, input: { partnerId?: string; orgId?: string }) {
  if (input.orgId) {
    const org = await db.organization.findFirst({ where: { id: input.orgId, deletedAt: null }, select: { id: true, partnerId: true } });
    if (!org || !orgInScope(ctx, org)) throw notFound('Organization');
    const rows = await db.distributorOrder.findMany({ where: { orgId: org.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: ORDER_HISTORY_LIMIT });
    return { data: rows.map(toOrderDto) };
  }
  const partnerId = await resolveDistributorPartner(ctx, input.partnerId);
  const rows = await db.distributorOrder.findMany({
    where: { AND: [tenantWhere(ctx), { partnerId, status: { in: [...QUEUE_STATUSES] } }] },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 500,
  });
  return { data: rows.map(toOrderDto) };
}
