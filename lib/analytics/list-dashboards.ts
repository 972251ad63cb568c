// GET /analytics/dashboards: the shared dashboards in scope and the caller's private ones, by name.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import type { ListDashboardsQuery } from '@/lib/analytics/schemas';
import { dashboardWhere } from '@/lib/analytics/dashboard-scope';
import { dashboardDtos } from '@/lib/analytics/to-dashboard-dto';

export async function listDashboards(ctx: ActorContext, query: ListDashboardsQuery) {
  const where: Prisma.AnalyticsDashboardWhereInput = {
    AND: [dashboardWhere(ctx), query.orgId ? { orgId: query.orgId } : {}, query.visibility ? { visibility: query.visibility } : {}, query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {}],
  };
  const [rows, total] = await Promise.all([db.analyticsDashboard.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }), db.analyticsDashboard.count({ where })]);
  return pageResult(await dashboardDtos(db, rows), query, total);
}
