// POST /analytics/dashboards: a dashboard of one organization or (orgId omitted) the whole
// partner, owned by the caller.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import type { CreateDashboardInput, TDashboard } from '@/lib/analytics/schemas';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';
import { dashboardDto } from '@/lib/analytics/to-dashboard-dto';

export async function createDashboard(ctx: ActorContext, input: CreateDashboardInput): Promise<TDashboard> {
  const owner = await resolveRecordOwner(ctx, input.orgId, 'dashboards');
  return db.$transaction(async (tx) => {
    const created = await tx.analyticsDashboard.create({
      data: { partnerId: owner.partnerId, orgId: owner.orgId, ownerId: ctx.userId, name: input.name, description: input.description ?? null, visibility: input.visibility, layout: input.layout },
    });
    await writeAudit(ctx, { action: 'analytics_dashboard.create', targetType: 'analytics_dashboard', targetId: created.id, partnerId: created.partnerId, orgId: created.orgId, details: { name: created.name, visibility: created.visibility } }, tx);
    return dashboardDto(tx, created);
  });
}
