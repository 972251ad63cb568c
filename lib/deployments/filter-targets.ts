// Saved filters as deployment targets. Only shared filters: a deployment is team work, and whoever
// initializes it must see the filter too. Each filter's matches are resolved when the deployment
// is initialized, inside the deployment's scope and the caller's.
import { Prisma, type Deployment } from '@/lib/generated/prisma/client';
import type { Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError, badRequest } from '@/lib/http/errors';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { savedFilterWhere } from '@/lib/filters/filter-scope';
import { savedFilterSql } from '@/lib/filters/filter-devices-sql';
import { MAX_DEVICES_PER_DEPLOYMENT } from '@/lib/deployments/schemas';

const notInScope = (id: string) =>
  badRequest('Target saved filter outside the deployment’s scope', [{ path: 'targets.filterIds', message: `Unknown saved filter ${id}` }], 'TARGET_NOT_IN_SCOPE');

export async function assertFilterTargets(tx: Tx, ctx: ActorContext, owner: { partnerId: string; orgId: string | null }, filterIds: string[]): Promise<void> {
  if (!filterIds.length) return;
  const found = await tx.savedFilter.findMany({
    where: { AND: [{ id: { in: filterIds }, partnerId: owner.partnerId }, savedFilterWhere(ctx), owner.orgId ? { OR: [{ orgId: null }, { orgId: owner.orgId }] } : {}] },
    select: { id: true, visibility: true },
  });
  const byId = new Map(found.map((f) => [f.id, f]));
  for (const id of filterIds) {
    const filter = byId.get(id);
    if (!filter) throw notInScope(id);
    if (filter.visibility !== 'shared') {
      throw badRequest('Share the saved filter before a deployment targets it', [{ path: 'targets.filterIds', message: `Saved filter ${id} is private` }], 'FILTER_NOT_SHARED');
    }
  }
}

/** The devices the deployment's filters match now (at most one more than a deployment takes). */
export async function filterTargetDeviceIds(tx: Tx, ctx: ActorContext, d: Deployment): Promise<string[]> {
  if (!d.targetFilterIds.length) return [];
  const predicates: Prisma.Sql[] = [];
  for (const id of d.targetFilterIds) {
    try {
      predicates.push(Prisma.sql`(${await savedFilterSql(ctx, id, tx)})`);
    } catch (err) {
      // Deleted, made private or out of the caller's sight since the deployment was saved.
      if (err instanceof AppError && err.status === 404) throw notInScope(id);
      throw err;
    }
  }
  const owner = d.orgId ? Prisma.sql`d.org_id = ${d.orgId}::uuid` : Prisma.sql`d.partner_id = ${d.partnerId}::uuid`;
  const rows = await tx.$queryRaw<{ id: string }[]>`
    select d.id from devices d
    where ${deviceScopeSql(ctx)} and ${owner} and (${Prisma.join(predicates, ' or ')})
    limit ${MAX_DEVICES_PER_DEPLOYMENT + 1}`;
  return rows.map((r) => r.id);
}
