// Maintenance windows that allow patching on a device: occurrences not cancelled, of active
// windows without suppressPatching, whose targets cover the device (same target test as
// lib/maintenance/device-maintenance-now.ts).
import { Prisma } from '@/lib/generated/prisma/client';
import type { DbOrTx } from '@/lib/db';

/** SQL over a device row `d`: an occurrence that is active now (or, with upcoming, any not yet ended). */
export function patchWindowExistsSql(upcoming: boolean): Prisma.Sql {
  return Prisma.sql`exists (
    select 1 from maintenance_occurrences o join maintenance_windows w on w.id = o.window_id
    where o.partner_id = d.partner_id and o.ends_at > now() ${upcoming ? Prisma.empty : Prisma.sql`and o.starts_at <= now()`}
      and o.cancelled_at is null and w.status = 'active' and not w.suppress_patching
      and (d.id = any(w.target_device_ids) or d.org_id = any(w.target_org_ids)
        or (d.site_id is not null and d.site_id = any(w.target_site_ids))
        or (cardinality(w.target_group_ids) > 0 and exists (
          select 1 from device_group_memberships m where m.device_id = d.id and m.group_id = any(w.target_group_ids)))))`;
}

/** The devices among these with a current or future patching window. */
export async function devicesWithUpcomingWindow(client: DbOrTx, deviceIds: string[]): Promise<Set<string>> {
  if (deviceIds.length === 0) return new Set();
  const rows = await client.$queryRaw<{ id: string }[]>`select d.id::text as id from devices d where d.id = any(${deviceIds}::uuid[]) and ${patchWindowExistsSql(true)}`;
  return new Set(rows.map((r) => r.id));
}
