// Patch compliance per device, counted as GET /patches/compliance counts it: a device is up to
// date with no open patch (available or failed) other than declined ones; critical means a
// missing critical or important patch. Active devices only.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { selectionSql, type ReportDefinition, type ReportSelection } from '@/lib/reports/report-definition';
import type { ScopedContext } from '@/lib/auth/context';

function perDevice(ctx: ScopedContext, sel: ReportSelection) {
  return Prisma.sql`
    select d.id, d.hostname, d.org_id, d.site_id, coalesce(c.missing, 0)::int as missing, coalesce(c.missing_critical, 0)::int as missing_critical,
      coalesce(c.failed, 0)::int as failed
    from devices d
      left join lateral (
        select count(*) filter (where a.patch_id is null) as missing,
          count(p.id) filter (where a.patch_id is null) as missing_critical,
          count(*) filter (where dp.status = 'failed') as failed
        from device_patches dp
          left join patches p on p.id = dp.patch_id and p.severity in ('critical', 'important')
          left join patch_approvals a on a.org_id = dp.org_id and a.patch_id = dp.patch_id and a.status = 'declined'
        where dp.device_id = d.id and dp.status in ('available', 'failed')
      ) c on true
    where ${deviceScopeSql(ctx)} and d.status <> 'uninstalled' and ${selectionSql(sel, 'd')} and d.created_at < ${sel.to}`;
}

export const patchCompliance: ReportDefinition = {
  title: 'Patch compliance',
  description: 'Per device existing at the end of the period, as of now: missing patches (declined ones not counted), missing critical or important ones, failed installs, and whether it is up to date',
  columns: [
    { key: 'hostname', header: 'Device' },
    { key: 'organization', header: 'Organization' },
    { key: 'upToDate', header: 'Up to date', width: 60 },
    { key: 'missingPatches', header: 'Missing', width: 55, align: 'right' },
    { key: 'missingCritical', header: 'Critical', width: 55, align: 'right' },
    { key: 'failedInstalls', header: 'Failed', width: 50, align: 'right' },
  ],
  async rows(ctx, sel, page) {
    const [rows, count] = await Promise.all([
      db.$queryRaw<{ hostname: string; organization: string; missing: number; missing_critical: number; failed: number }[]>`
        with pd as (${perDevice(ctx, sel)})
        select pd.hostname, o.name as organization, pd.missing, pd.missing_critical, pd.failed
        from pd join organizations o on o.id = pd.org_id
        order by pd.missing_critical desc, pd.missing desc, pd.hostname, pd.id
        limit ${page.limit} offset ${page.offset}`,
      db.$queryRaw<{ n: number }[]>`select count(*)::int as n from (${perDevice(ctx, sel)}) pd`,
    ]);
    return {
      total: count[0].n,
      rows: rows.map((r) => ({
        hostname: r.hostname,
        organization: r.organization,
        upToDate: r.missing === 0 && r.failed === 0 ? 'yes' : 'no',
        missingPatches: r.missing,
        missingCritical: r.missing_critical,
        failedInstalls: r.failed,
      })),
    };
  },
  async summary(ctx, sel) {
    const [r] = await db.$queryRaw<{ devices: number; up_to_date: number; critical: number; failed: number; missing: number }[]>`
      with pd as (${perDevice(ctx, sel)})
      select count(*)::int as devices, count(*) filter (where missing = 0 and failed = 0)::int as up_to_date,
        count(*) filter (where missing_critical > 0)::int as critical, count(*) filter (where failed > 0)::int as failed,
        coalesce(sum(missing), 0)::int as missing
      from pd`;
    const percent = r.devices ? Math.round((r.up_to_date / r.devices) * 1000) / 10 : 100;
    return {
      figures: [
        { label: 'Devices', value: String(r.devices) },
        { label: 'Up to date', value: `${r.up_to_date} (${percent}% compliant)` },
        { label: 'Missing critical', value: String(r.critical) },
        { label: 'Failed installs', value: String(r.failed) },
        { label: 'Missing patches', value: String(r.missing) },
      ],
      chart: {
        title: 'Devices by patch state',
        bars: [
          { label: 'Up to date', value: r.up_to_date },
          { label: 'Missing patches', value: r.devices - r.up_to_date },
          { label: 'Missing critical', value: r.critical },
          { label: 'Failed installs', value: r.failed },
        ],
      },
    };
  },
};
