// GET /analytics/os-distribution: active devices in scope counted by OS type and by version.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import type { TOsDistribution } from '@/lib/analytics/schemas';

type Row = { os_type: TOsDistribution['byType'][number]['osType']; os_version: string | null; n: number };

export async function getOsDistribution(ctx: ScopedContext, query: { orgId?: string; siteId?: string }): Promise<TOsDistribution> {
  const where = [deviceScopeSql(ctx), Prisma.sql`d.status not in ('uninstalled')`];
  if (query.orgId) where.push(Prisma.sql`d.org_id = ${query.orgId}::uuid`);
  if (query.siteId) where.push(Prisma.sql`d.site_id = ${query.siteId}::uuid`);
  const rows = await db.$queryRaw<Row[]>`
    select d.os_type::text as os_type, d.os_version, count(*)::int as n
    from devices d where ${Prisma.join(where, ' and ')}
    group by 1, 2 order by 3 desc, 1, 2`;
  const byType = new Map<Row['os_type'], number>();
  for (const r of rows) byType.set(r.os_type, (byType.get(r.os_type) ?? 0) + r.n);
  return {
    total: rows.reduce((s, r) => s + r.n, 0),
    byType: [...byType.entries()].map(([osType, count]) => ({ osType, count })).sort((a, b) => b.count - a.count || (a.osType ?? '~').localeCompare(b.osType ?? '~')),
    byVersion: rows.slice(0, 100).map((r) => ({ osType: r.os_type, osVersion: r.os_version, count: r.n })),
  };
}
