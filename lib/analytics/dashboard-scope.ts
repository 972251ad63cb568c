// Tenancy of dashboards: a dashboard belongs to one organization, or to the whole partner when
// orgId is null. As with deployments, organization callers see their organization's only and
// partner callers their organizations' plus the partner-wide ones; partner-wide dashboards are
// written only by callers that see every organization. On top of that, a private dashboard is
// seen by its owner alone. Anything else answers 404.
import type { ActorContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import type { AnalyticsDashboard, Prisma } from '@/lib/generated/prisma/client';
import { forbidden, notFound } from '@/lib/http/errors';
import { hasFullPartnerAccess, tenantOrPartnerWideWhere, tenantWhere } from '@/lib/tenancy/scope';

export function dashboardWhere(ctx: ActorContext): Prisma.AnalyticsDashboardWhereInput {
  const tenancy = ctx.scope === 'organization' ? tenantWhere(ctx) : tenantOrPartnerWideWhere(ctx);
  return { AND: [tenancy, { OR: [{ visibility: 'shared' }, { ownerId: ctx.userId }] }] };
}

export async function getDashboardOrThrow(ctx: ActorContext, id: string, client: DbOrTx = db): Promise<AnalyticsDashboard> {
  const found = await client.analyticsDashboard.findFirst({ where: { AND: [{ id }, dashboardWhere(ctx)] } });
  if (!found) throw notFound('Dashboard');
  return found;
}

/** The dashboard locked for a change (widgets are added and moved under the same lock). */
export async function lockDashboard(tx: DbOrTx, ctx: ActorContext, id: string): Promise<AnalyticsDashboard> {
  const found = await getDashboardOrThrow(ctx, id, tx);
  await tx.$executeRaw`select 1 from analytics_dashboards where id = ${found.id}::uuid for update`;
  if (found.orgId === null && !hasFullPartnerAccess(ctx)) throw forbidden('Partner-wide dashboards need access to every organization');
  return found;
}
