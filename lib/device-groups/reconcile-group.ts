// Brings a dynamic group's membership in line with its rules and pins in one statement, logging
// every join and leave with its reason. Optionally limited to one device (after that device
// changed), which keeps enrollments and edits cheap in large organizations.
import type { DbOrTx } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { ZGroupRules } from '@/lib/device-groups/schemas';
import { compileFilter } from '@/lib/device-filters/compile-filter';

export interface GroupRef {
  id: string;
  partnerId: string;
  orgId: string;
  siteId: string | null;
  type: 'static' | 'dynamic';
  rules: unknown;
}

export interface ReconcileOptions {
  deviceId?: string;
  joinReason?: string;
  leaveReason?: string;
  actorId?: string | null;
}

/** The SQL of "devices this group should hold" (pins applied), as rows with `id`. */
export function desiredMembersSql(group: GroupRef, rules: unknown, deviceId?: string): Prisma.Sql {
  const parsed = ZGroupRules.parse(rules);
  const onlyDevice = deviceId ? Prisma.sql`and d.id = ${deviceId}::uuid` : Prisma.empty;
  const site = group.siteId ? Prisma.sql`and d.site_id = ${group.siteId}::uuid` : Prisma.empty;
  return Prisma.sql`
    select d.id from devices d
    where d.org_id = ${group.orgId}::uuid and d.status <> 'decommissioned' ${site} ${onlyDevice}
      and ${compileFilter(parsed)}
      and not exists (select 1 from device_group_pins p where p.group_id = ${group.id}::uuid and p.device_id = d.id and p.mode = 'exclude')
    union
    select d.id from device_group_pins p join devices d on d.id = p.device_id
    where p.group_id = ${group.id}::uuid and p.mode = 'include' and d.status <> 'decommissioned' and d.org_id = ${group.orgId}::uuid ${site} ${onlyDevice}`;
}

export async function reconcileGroup(client: DbOrTx, group: GroupRef, opts: ReconcileOptions = {}): Promise<{ added: number; removed: number }> {
  if (group.type !== 'dynamic' || !group.rules) return { added: 0, removed: 0 };
  const onlyMember = opts.deviceId ? Prisma.sql`and m.device_id = ${opts.deviceId}::uuid` : Prisma.empty;
  const actor = opts.actorId ?? null;
  const rows = await client.$queryRaw<{ added: number; removed: number }[]>`
    with desired as (${desiredMembersSql(group, group.rules, opts.deviceId)}),
    removed as (
      delete from device_group_memberships m
      where m.group_id = ${group.id}::uuid ${onlyMember} and m.device_id not in (select id from desired)
      returning m.device_id),
    added as (
      insert into device_group_memberships (group_id, device_id, partner_id, org_id, source, added_at)
      select ${group.id}::uuid, x.id, ${group.partnerId}::uuid, ${group.orgId}::uuid,
        case when exists (select 1 from device_group_pins p where p.group_id = ${group.id}::uuid and p.device_id = x.id and p.mode = 'include') then 'pin' else 'rule' end,
        now()
      from desired x
      where not exists (select 1 from device_group_memberships m where m.group_id = ${group.id}::uuid and m.device_id = x.id)
      returning device_id, source),
    log_left as (
      insert into device_group_membership_log (id, group_id, device_id, partner_id, org_id, action, reason, actor_id, created_at)
      select gen_random_uuid(), ${group.id}::uuid, r.device_id, ${group.partnerId}::uuid, ${group.orgId}::uuid, 'left',
        case when exists (select 1 from device_group_pins p where p.group_id = ${group.id}::uuid and p.device_id = r.device_id and p.mode = 'exclude')
          then 'pin_exclude' else ${opts.leaveReason ?? 'rule_unmatch'} end,
        ${actor}::uuid, now()
      from removed r),
    log_joined as (
      insert into device_group_membership_log (id, group_id, device_id, partner_id, org_id, action, reason, actor_id, created_at)
      select gen_random_uuid(), ${group.id}::uuid, a.device_id, ${group.partnerId}::uuid, ${group.orgId}::uuid, 'joined',
        case when a.source = 'pin' then 'pin_include' else ${opts.joinReason ?? 'rule_match'} end, ${actor}::uuid, now()
      from added a)
    select (select count(*) from added)::int as added, (select count(*) from removed)::int as removed`;
  return rows[0];
}
