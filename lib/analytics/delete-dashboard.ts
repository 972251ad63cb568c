// DELETE /analytics/dashboards/:id: the dashboard and its widgets.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { lockDashboard } from '@/lib/analytics/dashboard-scope';

export async function deleteDashboard(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await lockDashboard(tx, ctx, id);
    await tx.analyticsDashboard.delete({ where: { id } });
    await writeAudit(ctx, { action: 'analytics_dashboard.delete', targetType: 'analytics_dashboard', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { name: current.name } }, tx);
  });
}
