// POST /analytics/dashboards/:id/widgets: a widget with a validated query; without a position it
// goes below the lowest widget, half the grid wide.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { writeAudit } from '@/lib/audit/write-audit';
import { conflict } from '@/lib/http/errors';
import { MAX_WIDGETS_PER_DASHBOARD, type CreateWidgetInput, type TWidget } from '@/lib/analytics/schemas';
import { lockDashboard } from '@/lib/analytics/dashboard-scope';
import { widgetDto } from '@/lib/analytics/to-dashboard-dto';

export async function addWidget(ctx: ActorContext, dashboardId: string, input: CreateWidgetInput): Promise<TWidget> {
  return db.$transaction(async (tx) => {
    const dashboard = await lockDashboard(tx, ctx, dashboardId);
    const existing = await tx.analyticsWidget.findMany({ where: { dashboardId }, select: { y: true, h: true } });
    if (existing.length >= MAX_WIDGETS_PER_DASHBOARD) throw conflict(`A dashboard holds at most ${MAX_WIDGETS_PER_DASHBOARD} widgets`, 'WIDGET_LIMIT');
    const columns = (dashboard.layout as { columns?: number }).columns ?? 12;
    const position = input.position ?? { x: 0, y: Math.max(0, ...existing.map((w) => w.y + w.h)), w: Math.max(1, Math.floor(columns / 2)), h: 4 };
    const created = await tx.analyticsWidget.create({
      data: { dashboardId, title: input.title, type: input.type, query: input.query as Prisma.InputJsonValue, options: input.options, ...position },
    });
    await tx.analyticsDashboard.update({ where: { id: dashboardId }, data: { updatedAt: new Date() } });
    await writeAudit(ctx, { action: 'analytics_widget.create', targetType: 'analytics_widget', targetId: created.id, partnerId: dashboard.partnerId, orgId: dashboard.orgId, details: { dashboardId, title: created.title, type: created.type, source: input.query.source } }, tx);
    return widgetDto(created);
  });
}
