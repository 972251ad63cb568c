// A widget is in scope when its dashboard is (lib/analytics/dashboard-scope.ts).
import type { ActorContext } from '@/lib/auth/context';
import type { DbOrTx } from '@/lib/db';
import type { AnalyticsDashboard, AnalyticsWidget } from '@/lib/generated/prisma/client';
import { notFound } from '@/lib/http/errors';
import { dashboardWhere, lockDashboard } from '@/lib/analytics/dashboard-scope';

/** The widget and its dashboard, the dashboard locked; 404 when either is out of scope. */
export async function lockWidget(tx: DbOrTx, ctx: ActorContext, id: string): Promise<{ widget: AnalyticsWidget; dashboard: AnalyticsDashboard }> {
  const found = await tx.analyticsWidget.findFirst({ where: { id, dashboard: dashboardWhere(ctx) } });
  if (!found) throw notFound('Widget');
  const dashboard = await lockDashboard(tx, ctx, found.dashboardId);
  return { widget: found, dashboard };
}
