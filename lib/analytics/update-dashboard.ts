// PATCH /analytics/dashboards/:id: any editor of a shared dashboard changes its name, description
// and layout; only the owner changes who sees it.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { forbidden } from '@/lib/http/errors';
import type { TDashboard, UpdateDashboardInput } from '@/lib/analytics/schemas';
import { lockDashboard } from '@/lib/analytics/dashboard-scope';
import { dashboardDto } from '@/lib/analytics/to-dashboard-dto';

export async function updateDashboard(ctx: ActorContext, id: string, input: UpdateDashboardInput): Promise<TDashboard> {
  return db.$transaction(async (tx) => {
    const current = await lockDashboard(tx, ctx, id);
    if (input.visibility !== undefined && input.visibility !== current.visibility && current.ownerId !== ctx.userId) {
      throw forbidden('Only the owner of a dashboard changes its visibility', 'NOT_DASHBOARD_OWNER');
    }
    const updated = await tx.analyticsDashboard.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
        ...(input.layout !== undefined ? { layout: input.layout } : {}),
      },
    });
    await writeAudit(ctx, { action: 'analytics_dashboard.update', targetType: 'analytics_dashboard', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { changed: Object.keys(input) } }, tx);
    return dashboardDto(tx, updated);
  });
}
