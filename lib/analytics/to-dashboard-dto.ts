import type { DbOrTx } from '@/lib/db';
import type { AnalyticsDashboard, AnalyticsWidget } from '@/lib/generated/prisma/client';
import type { AnalyticsQuery } from '@/lib/analytics/query-schemas';
import { GRID_COLUMNS, type TDashboard, type TWidget } from '@/lib/analytics/schemas';

export function widgetDto(w: AnalyticsWidget): TWidget {
  const options = w.options as { chart?: TWidget['options']['chart'] };
  return {
    id: w.id,
    dashboardId: w.dashboardId,
    title: w.title,
    type: w.type,
    query: w.query as unknown as AnalyticsQuery,
    options: { chart: options.chart ?? 'bar' },
    position: { x: w.x, y: w.y, w: w.w, h: w.h },
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

export const WIDGET_ORDER = [{ y: 'asc' as const }, { x: 'asc' as const }, { createdAt: 'asc' as const }];

/** DTOs of dashboards with their owner names and widget counts; `withWidgets` adds the widgets. */
export async function dashboardDtos(client: DbOrTx, rows: AnalyticsDashboard[], withWidgets = false): Promise<TDashboard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [owners, counts, widgets] = await Promise.all([
    client.user.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.ownerId))] } }, select: { id: true, name: true } }),
    client.analyticsWidget.groupBy({ by: ['dashboardId'], where: { dashboardId: { in: ids } }, _count: { _all: true } }),
    withWidgets ? client.analyticsWidget.findMany({ where: { dashboardId: { in: ids } }, orderBy: WIDGET_ORDER }) : Promise.resolve([]),
  ]);
  const ownerName = new Map(owners.map((o) => [o.id, o.name]));
  const count = new Map(counts.map((c) => [c.dashboardId, c._count._all]));
  return rows.map((r) => {
    const layout = r.layout as { columns?: number };
    return {
      id: r.id,
      orgId: r.orgId,
      name: r.name,
      description: r.description,
      visibility: r.visibility,
      layout: { columns: layout.columns ?? GRID_COLUMNS },
      ownerId: r.ownerId,
      ownerName: ownerName.get(r.ownerId) ?? null,
      widgetCount: count.get(r.id) ?? 0,
      ...(withWidgets ? { widgets: widgets.filter((w) => w.dashboardId === r.id).map(widgetDto) } : {}),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

export async function dashboardDto(client: DbOrTx, row: AnalyticsDashboard): Promise<TDashboard> {
  return (await dashboardDtos(client, [row], true))[0];
}
