// Maintenance windows as patching sees them: occurrences not cancelled, of active windows,
// whose targets cover the device (same target test as lib/maintenance/device-maintenance-now.ts).
// Installs run in windows without suppressPatching; reboots are held in windows with
// suppressReboots.
import { Prisma } from '@/lib/generated/prisma/client';
import type { DbOrTx } from '@/lib/db';
import { policyWindowCoversSql } from '@/lib/policies/policy-maintenance';

/** SQL over a window `w` and a device row `d`: the window's targets cover the device. */
const coversDevice = Prisma.sql`(d.id = any(w.target_device_ids) or d.org_id = any(w.target_org_ids)
        or (d.site_id is not null and d.site_id = any(w.target_site_ids))
        or (cardinality(w.target_group_ids) > 0 and exists (
          select 1 from device_group_memberships m where m.device_id = d.id and m.group_id = any(w.target_group_ids)))
        or ${policyWindowCoversSql(Prisma.sql`d.id`)})`;

/** SQL over a device row `d`: an occurrence that is active now (or, with upcoming, any not yet ended). */
export function patchWindowExistsSql(upcoming: boolean): Prisma.Sql {
  return Prisma.sql`exists (
    select 1 from maintenance_occurrences o join maintenance_windows w on w.id = o.window_id
    where o.partner_id = d.partner_id and o.ends_at > now() ${upcoming ? Prisma.empty : Prisma.sql`and o.starts_at <= now()`}
      and o.cancelled_at is null and w.status = 'active' and not w.suppress_patching
      and ${coversDevice})`;
}

/**
 * SQL over a patch job row `j` (and its device `d`): the job may start now. A job pinned to a
 * window runs in an active occurrence of that window; a job without one (or whose window was
 * cancelled or deleted since) runs in any patching window covering the device.
 */
export function jobWindowOpenSql(): Prisma.Sql {
  return Prisma.sql`(
    (j.maintenance_window_id is not null and exists (
      select 1 from maintenance_occurrences o join maintenance_windows w on w.id = o.window_id
      where o.window_id = j.maintenance_window_id and o.partner_id = j.partner_id and o.starts_at <= now() and o.ends_at > now()
        and o.cancelled_at is null and w.status = 'active' and not w.suppress_patching))
    or ((j.maintenance_window_id is null or not exists (
      select 1 from maintenance_windows w where w.id = j.maintenance_window_id and w.status = 'active'))
      and ${patchWindowExistsSql(false)}))`;
}

/** The devices among these with a current or future patching window. */
export async function devicesWithUpcomingWindow(client: DbOrTx, deviceIds: string[]): Promise<Set<string>> {
  if (deviceIds.length === 0) return new Set();
  const rows = await client.$queryRaw<{ id: string }[]>`select d.id::text as id from devices d where d.id = any(${deviceIds}::uuid[]) and ${patchWindowExistsSql(true)}`;
  return new Set(rows.map((r) => r.id));
}

/** True when an active occurrence of a window with suppressReboots covers the device now. */
export async function rebootsSuppressed(client: DbOrTx, deviceId: string): Promise<boolean> {
  const rows = await client.$queryRaw<{ id: string }[]>`
    select d.id::text as id from devices d where d.id = ${deviceId}::uuid and exists (
      select 1 from maintenance_occurrences o join maintenance_windows w on w.id = o.window_id
      where o.partner_id = d.partner_id and o.starts_at <= now() and o.ends_at > now()
        and o.cancelled_at is null and w.status = 'active' and w.suppress_reboots and ${coversDevice})`;
  return rows.length > 0;
}
