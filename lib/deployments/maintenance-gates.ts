// Per device, now: is it inside an active occurrence of any maintenance window covering it
// (maintenanceWindowOnly needs one), and of one that suppresses deployments (then it waits)?
// One statement for a batch; the same target test as lib/maintenance/device-maintenance-now.ts,
// bounded by the (partner_id, starts_at) index to occurrences that started within 31 days.
import { Prisma } from '@/lib/generated/prisma/client';
import type { DbOrTx } from '@/lib/db';
import { policyWindowCoversSql } from '@/lib/policies/policy-maintenance';

const activeCovering = (extra: Prisma.Sql) => Prisma.sql`exists (
  select 1 from maintenance_occurrences o join maintenance_windows w on w.id = o.window_id
  where o.partner_id = d.partner_id and o.starts_at > now() - interval '31 days' and o.starts_at <= now() and o.ends_at > now()
    and o.cancelled_at is null and w.status = 'active' ${extra}
    and (d.id = any(w.target_device_ids) or d.org_id = any(w.target_org_ids)
      or (d.site_id is not null and d.site_id = any(w.target_site_ids))
      or (cardinality(w.target_group_ids) > 0 and exists (
        select 1 from device_group_memberships m where m.device_id = d.id and m.group_id = any(w.target_group_ids)))
      or ${policyWindowCoversSql(Prisma.sql`d.id`)}))`;

export interface DeviceGate {
  id: string;
  status: string;
  agentId: string | null;
  inWindow: boolean;
  suppressed: boolean;
}

export async function deviceGates(client: DbOrTx, deviceIds: string[]): Promise<Map<string, DeviceGate>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await client.$queryRaw<{ id: string; status: string; agent_id: string | null; in_window: boolean; suppressed: boolean }[]>`
    select d.id::text, d.status::text, d.agent_id::text, ${activeCovering(Prisma.empty)} as in_window, ${activeCovering(Prisma.sql`and w.suppress_deployments`)} as suppressed
    from devices d where d.id = any(${deviceIds}::uuid[])`;
  return new Map(rows.map((r) => [r.id, { id: r.id, status: r.status, agentId: r.agent_id, inWindow: r.in_window, suppressed: r.suppressed }]));
}
