// POST /distributor/orders: the organization's mutable direct order, created when none exists.
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { jsonResponse } from '@/lib/http/define-route';
import { orgInScope } from '@/lib/tenancy/scope';
import { writeAudit } from '@/lib/audit/write-audit';
import { activeIntegrationOrThrow, orderCompanyOrThrow } from './order-company';
import { MUTABLE_ORDER_STATUSES, toOrderDto } from './to-order-dto';

export async function createOrder(ctx: UserContext, input: { orgId: string }) {
  const org = await db.organization.findFirst({ where: { id: input.orgId, deletedAt: null, partner: { deletedAt: null } }, select: { id: true, partnerId: true } });
  if (!org || !orgInScope(ctx, org)) throw notFound('Organization');
  const { order, created } = await db.$transaction(async (tx) => {
    // One mutable direct order per organization: creates are serialised on the organization.
    await tx.$queryRaw`select id from organizations where id = ${org.id}::uuid for update`;
    const integration = await activeIntegrationOrThrow(tx, org.partnerId);
    await orderCompanyOrThrow(tx, integration.id, org.id);
    const existing = await tx.distributorOrder.findFirst({ where: { orgId: org.id, source: 'direct', status: { in: [...MUTABLE_ORDER_STATUSES] } }, orderBy: { createdAt: 'desc' } });
    if (existing) return { order: existing, created: false };
    const fresh = await tx.distributorOrder.create({ data: { partnerId: org.partnerId, orgId: org.id, integrationId: integration.id, source: 'direct', createdById: ctx.userId } });
    await writeAudit(ctx, { action: 'distributor_order.create', targetType: 'distributor_order', targetId: fresh.id, partnerId: org.partnerId, orgId: org.id }, tx);
    return { order: fresh, created: true };
  });
  return jsonResponse({ data: toOrderDto(order) }, created ? 201 : 200);
}
