// DELETE /analytics/widgets/:id.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { lockWidget } from '@/lib/analytics/widget-scope';

export async function deleteWidget(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const { widget, dashboard } = await lockWidget(tx, ctx, id);
    await tx.analyticsWidget.delete({ where: { id } });
    await tx.analyticsDashboard.update({ where: { id: dashboard.id }, data: { updatedAt: new Date() } });
    await writeAudit(ctx, { action: 'analytics_widget.delete', targetType: 'analytics_widget', targetId: id, partnerId: dashboard.partnerId, orgId: dashboard.orgId, details: { dashboardId: dashboard.id, title: widget.title } }, tx);
  });
}
