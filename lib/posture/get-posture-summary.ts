// GET /devices/management-posture/summary: per organization, how many devices carry each other
// management product (by status), and how many devices never reported or report stale posture.
// Counted over devices that are enrolled (online or offline): provisioned-only, uninstalled
// and decommissioned devices run no agent that could report.
import type { z } from 'zod';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { orgWhere } from '@/lib/tenancy/scope';
import type { ZPostureSummaryQuery } from '@/lib/posture/schemas';

export function postureDeviceSql(ctx: ActorContext, orgId: string | undefined): Prisma.Sql {
  return Prisma.sql`${deviceScopeSql(ctx)} and d.status in ('online', 'offline') ${orgId ? Prisma.sql`and d.org_id = ${orgId}::uuid` : Prisma.empty}`;
}

export async function getPostureSummary(ctx: ActorContext, query: z.output<typeof ZPostureSummaryQuery>) {
  if (query.orgId) await getOrganizationOrThrow(ctx, query.orgId);
  const scope = postureDeviceSql(ctx, query.orgId);
  const [orgs, counts, [totals]] = await Promise.all([
    db.organization.findMany({ where: { AND: [orgWhere(ctx), query.orgId ? { id: query.orgId } : {}] }, select: { id: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
    db.$queryRaw<{ org_id: string; product: string; status: 'active' | 'installed'; device_count: number }[]>`
      select d.org_id, p.product, p.status, count(*)::int as device_count
      from devices d join device_management_products p on p.device_id = d.id
      where ${scope}
      group by d.org_id, p.product, p.status
      order by d.org_id, p.product, p.status`,
    db.$queryRaw<{ never_scanned: number; stale: number }[]>`
      select count(*) filter (where m.device_id is null)::int as never_scanned,
             count(*) filter (where m.scanned_at < now() - make_interval(days => ${query.stalenessDays}::int))::int as stale
      from devices d left join device_management_posture m on m.device_id = d.id
      where ${scope}`,
  ]);
  const byOrg = new Map<string, { product: string; status: 'active' | 'installed'; deviceCount: number }[]>(orgs.map((o) => [o.id, []]));
  for (const row of counts) byOrg.get(row.org_id)?.push({ product: row.product, status: row.status, deviceCount: row.device_count });
  return {
    data: {
      orgs: [...byOrg].map(([orgId, products]) => ({ orgId, products })),
      totals: { neverScanned: totals?.never_scanned ?? 0, stale: totals?.stale ?? 0 },
    },
  };
}
