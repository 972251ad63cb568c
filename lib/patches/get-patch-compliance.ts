// GET /patches/compliance: per organization (or device), how many devices are up to date,
// missing a critical or important patch, or have a failed install. Declined patches do not
// count as missing; active devices only (decommissioned and uninstalled ones are left out).
import type { z } from 'zod';
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { tenantWhere } from '@/lib/tenancy/scope';
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
  // The open rows (available or failed) are counted per device before they meet the devices:
  // grouping narrow rows by device_id is far cheaper than grouping the joined device rows, and
  // only the two small sets a row is checked against are hashed (the critical/important patches
  // and this tenant's declined approvals; the approval key is unique, so a match means declined).
  // The rows are narrowed by partner (a device never changes partner); a narrower scope (some
  // organizations, one device) picks its devices first, as device_patches.org_id is the
  // organization of the last scan and a moved device's rows keep the old one until then.
  const t = tenantWhere(ctx);
  const openFilters = [Prisma.sql`dp.status in ('available', 'failed')`];
  if (t.partnerId) openFilters.push(Prisma.sql`dp.partner_id = ${t.partnerId}::uuid`);
  if (t.orgId || query.orgId || query.deviceId) openFilters.push(Prisma.sql`dp.device_id in (select d.id from devices d where ${Prisma.join(filters, ' and ')})`);
  const perDevice = Prisma.sql`
    select d.id, d.hostname, d.org_id, coalesce(c.missing, 0) as missing, coalesce(c.missing_critical, 0) as missing_critical, coalesce(c.failed, 0) as failed
    from devices d
      left join (
        select dp.device_id,
          count(*) filter (where a.patch_id is null) as missing,
          count(p.id) filter (where a.patch_id is null) as missing_critical,
          count(*) filter (where dp.status = 'failed') as failed
        from device_patches dp
          left join patches p on p.id = dp.patch_id and p.severity in ('critical', 'important')
          left join patch_approvals a on a.org_id = dp.org_id and a.patch_id = dp.patch_id and a.status = 'declined'
        where ${Prisma.join(openFilters, ' and ')}
        group by dp.device_id
      ) c on c.device_id = d.id
    where ${Prisma.join(filters, ' and ')}`;
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
