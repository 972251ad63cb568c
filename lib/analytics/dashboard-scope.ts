// Tenancy of dashboards: a dashboard belongs to one partner and one owner. Shared dashboards are
// seen by every user of the partner, private ones by their owner only; anything else is 404.
// Platform callers have no partner and so no dashboards.
import type { ActorContext } from '@/lib/auth/context';
import { db, type DbOrTx } from '@/lib/db';
import type { AnalyticsDashboard, Prisma } from '@/lib/generated/prisma/client';
import { forbidden, notFound } from '@/lib/http/errors';
import { ownPartnerWhere } from '@/lib/tenancy/scope';

export function dashboardWhere(ctx: ActorContext): Prisma.AnalyticsDashboardWhereInput {
  return { ...ownPartnerWhere(ctx), OR: [{ visibility: 'shared' }, { ownerId: ctx.userId }] };
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
  return found;
}

export function partnerOf(ctx: ActorContext): string {
  if (!ctx.partnerId) throw forbidden('Dashboards belong to a partner; platform callers have none');
  return ctx.partnerId;
}
