// GET /patches/compliance: per organization (or device), how many devices are up to date,
// missing a critical or important patch, or have a failed install. Declined patches do not
// count as missing; active devices only (decommissioned and uninstalled ones are left out).
import type { z } from 'zod';
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import type { ZCompliance, ZComplianceQuery } from '@/lib/patches/schemas';

type Row = { id: string; name: string; org_id: string; devices: number; up_to_date: number; missing_critical: number; failed: number; missing_patches: number };
type Counts = z.infer<typeof ZCompliance>['summary'];

const counts = (r: Omit<Row, 'id' | 'name' | 'org_id'>): Counts => ({
  devices: Number(r.devices),
  upToDate: Number(r.up_to_date),
  missingCritical: Number(r.missing_critical),
  failed: Number(r.failed),
  missingPatches: Number(r.missing_patches),
  compliancePercent: Number(r.devices) ? Math.round((Number(r.up_to_date) / Number(r.devices)) * 1000) / 10 : 100,
});

export async function getPatchCompliance(ctx: ActorContext, query: z.output<typeof ZComplianceQuery>): Promise<z.infer<typeof ZCompliance>> {
  const filters = [deviceScopeSql(ctx), Prisma.sql`d.status <> 'uninstalled'`];
  if (query.orgId) filters.push(Prisma.sql`d.org_id = ${query.orgId}::uuid`);
  if (query.deviceId) filters.push(Prisma.sql`d.id = ${query.deviceId}::uuid`);
  const perDevice = Prisma.sql`
    select d.id, d.hostname, d.org_id,
      count(*) filter (where dp.status in ('available', 'failed') and coalesce(a.status::text, 'pending') <> 'declined') as missing,
      count(*) filter (where dp.status in ('available', 'failed') and coalesce(a.status::text, 'pending') <> 'declined' and p.severity in ('critical', 'important')) as missing_critical,
      count(*) filter (where dp.status = 'failed') as failed
    from devices d
      left join device_patches dp on dp.device_id = d.id and dp.status in ('available', 'failed')
      left join patches p on p.id = dp.patch_id
      left join patch_approvals a on a.org_id = dp.org_id and a.patch_id = dp.patch_id
    where ${Prisma.join(filters, ' and ')}
    group by d.id`;
  // One statement: the per-device counts are computed once (materialized) for both the rows
  // and the summary; the summary row is there even when no row is.
  const rowsSql =
    query.by === 'device'
      ? Prisma.sql`
          select pd.id::text as id, pd.hostname as name, pd.org_id::text as org_id, 1 as devices, (pd.missing = 0 and pd.failed = 0)::int as up_to_date,
            (pd.missing_critical > 0)::int as missing_critical, (pd.failed > 0)::int as failed, pd.missing::int as missing_patches
          from pd order by pd.missing_critical desc, pd.missing desc, pd.hostname limit ${query.limit}`
      : Prisma.sql`
          select o.id::text as id, o.name, o.id::text as org_id, count(*)::int as devices,
            count(*) filter (where pd.missing = 0 and pd.failed = 0)::int as up_to_date,
            count(*) filter (where pd.missing_critical > 0)::int as missing_critical,
            count(*) filter (where pd.failed > 0)::int as failed,
            coalesce(sum(pd.missing), 0)::int as missing_patches
          from pd join organizations o on o.id = pd.org_id
          group by o.id order by o.name limit ${query.limit}`;
  const result = await db.$queryRaw<(Row & { total: Omit<Row, 'id' | 'name' | 'org_id'> })[]>`
    with pd as materialized (${perDevice}), total as (
      select count(*)::int as devices, count(*) filter (where pd.missing = 0 and pd.failed = 0)::int as up_to_date,
        count(*) filter (where pd.missing_critical > 0)::int as missing_critical, count(*) filter (where pd.failed > 0)::int as failed,
        coalesce(sum(pd.missing), 0)::int as missing_patches
      from pd
    )
    select r.*, row_to_json(t) as total from total t left join lateral (${rowsSql}) r on true`;
  const total = result[0].total;
  const rows = result.filter((r) => r.id !== null);
  return { summary: counts(total), rows: rows.map((r) => ({ id: r.id, name: r.name, orgId: r.org_id, ...counts(r) })) };
}
