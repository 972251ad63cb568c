// GET /devices/list-extras: the site name, open-alert and missing-patch summary of the devices on one list
// page. Kept out of the cursor page on purpose: that page is devices.list_json read row by row
// from one index (the fleet's hot read); these need a join and an aggregate, so they are read
// once per page shown, for at most 500 ids, each through the primary key and the
// alerts(device_id, triggered_at) index.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import type { TDeviceListExtras } from '@/lib/devices/schemas';
import type { SEVERITIES } from '@/lib/alerts/schemas';

type Row = {
  deviceId: string;
  siteName: string | null;
  openAlertCount: number | null;
  highestSeverity: (typeof SEVERITIES)[number] | null;
  missingPatchCount: number | null;
  missingCriticalPatchCount: number | null;
};

export async function getDeviceListExtras(ctx: ActorContext, deviceIds: string[]): Promise<TDeviceListExtras> {
  // Alert counts are alert data: a caller who may read devices but not alerts gets nulls.
  const withAlerts = ctx.permissions.has('alerts:read');
  const alerts = withAlerts
    ? Prisma.sql`left join lateral (
        select count(*)::int as n, min(a.severity)::text as top from alerts a
        where a.device_id = d.id and a.partner_id = d.partner_id and a.status in ('active', 'acknowledged', 'suppressed')
      ) a on true`
    : Prisma.sql`left join lateral (select null::int as n, null::text as top) a on true`;
  // Missing patches: updates a scan found that are not installed yet (or failed to install),
  // through the device_patches(device_id, patch_id) key.
  const patches = ctx.permissions.has('patches:read')
    ? Prisma.sql`left join lateral (
        select count(*)::int as n, (count(*) filter (where p.severity in ('critical', 'important')))::int as critical
        from device_patches dp join patches p on p.id = dp.patch_id
        where dp.device_id = d.id and dp.partner_id = d.partner_id and dp.status in ('available', 'failed')
      ) p on true`
    : Prisma.sql`left join lateral (select null::int as n, null::int as critical) p on true`;
  // Severity is an enum declared most severe first, so min() is the highest open severity.
  const rows = await db.$queryRaw<Row[]>`
    select d.id::text as "deviceId", s.name as "siteName", a.n as "openAlertCount", a.top as "highestSeverity",
      p.n as "missingPatchCount", p.critical as "missingCriticalPatchCount"
    from devices d
    left join sites s on s.id = d.site_id and s.deleted_at is null
    ${alerts}
    ${patches}
    where d.id = any(${deviceIds}::uuid[]) and ${deviceScopeSql(ctx, { includeDecommissioned: true })}`;
  return { data: rows };
}
