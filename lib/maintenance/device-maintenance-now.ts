// "Is this device in maintenance now?" for the alert path: one statement, no process cache
// (a window created or ended on another node must count at once). The (partner_id, starts_at)
// index bounds the scan to the partner's occurrences that started within the longest possible
// duration (31 days, MAX_DURATION_MINUTES), a few dozen rows for a busy partner; the target
// test is array membership on the joined window plus, only for windows naming groups, one
// probe of the device's memberships (primary key), and one of the window its effective
// configuration policy names (lib/policies/policy-maintenance.ts).
import type { DbOrTx } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { policyWindowCoversSql } from '@/lib/policies/policy-maintenance';

export interface DeviceRef {
  partnerId: string;
  orgId: string;
  siteId: string | null;
  deviceId: string;
}

export interface MaintenanceNow {
  occurrenceId: string;
  windowId: string;
  endsAt: Date;
}

/** The current alert-suppressing occurrence covering the device (the one ending last), or null. */
export async function deviceMaintenanceNow(client: DbOrTx, d: DeviceRef): Promise<MaintenanceNow | null> {
  const rows = await client.$queryRaw<{ occurrence_id: string; window_id: string; ends_at: Date }[]>`
    select o.id as occurrence_id, o.window_id, o.ends_at
    from maintenance_occurrences o join maintenance_windows w on w.id = o.window_id
    where o.partner_id = ${d.partnerId}::uuid
      and o.starts_at > now() - interval '31 days' and o.starts_at <= now() and o.ends_at > now()
      and o.cancelled_at is null and w.suppress_alerts
      and (${d.deviceId}::uuid = any(w.target_device_ids)
        or ${d.orgId}::uuid = any(w.target_org_ids)
        or (${d.siteId}::uuid is not null and ${d.siteId}::uuid = any(w.target_site_ids))
        or (cardinality(w.target_group_ids) > 0 and exists (
          select 1 from device_group_memberships m where m.device_id = ${d.deviceId}::uuid and m.group_id = any(w.target_group_ids)))
        or ${policyWindowCoversSql(Prisma.sql`${d.deviceId}::uuid`)})
    order by o.ends_at desc
    limit 1`;
  const row = rows[0];
  return row ? { occurrenceId: row.occurrence_id, windowId: row.window_id, endsAt: row.ends_at } : null;
}
