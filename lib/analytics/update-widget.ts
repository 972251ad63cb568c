// PATCH /analytics/widgets/:id: title, type, query (validated again), options or position.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { writeAudit } from '@/lib/audit/write-audit';
import type { TWidget, UpdateWidgetInput } from '@/lib/analytics/schemas';
import { lockWidget } from '@/lib/analytics/widget-scope';
import { widgetDto } from '@/lib/analytics/to-dashboard-dto';

export async function updateWidget(ctx: ActorContext, id: string, input: UpdateWidgetInput): Promise<TWidget> {
  return db.$transaction(async (tx) => {
    const { dashboard } = await lockWidget(tx, ctx, id);
    const updated = await tx.analyticsWidget.update({
      where: { id },
      data: {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.query !== undefined ? { query: input.query as Prisma.InputJsonValue } : {}),
        ...(input.options !== undefined ? { options: input.options } : {}),
        ...(input.position ?? {}),
      },
    });
    await tx.analyticsDashboard.update({ where: { id: dashboard.id }, data: { updatedAt: new Date() } });
    await writeAudit(ctx, { action: 'analytics_widget.update', targetType: 'analytics_widget', targetId: id, partnerId: dashboard.partnerId, orgId: dashboard.orgId, details: { dashboardId: dashboard.id, changed: Object.keys(input) } }, tx);
    return widgetDto(updated);
  });
}
