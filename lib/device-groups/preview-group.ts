// POST /groups/:id/preview: who a dynamic group would hold under the given (or saved) rules, and
// who would join or leave — computed, never written.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { getGroupOrThrow } from '@/lib/device-groups/get-group-or-throw';
import { desiredMembersSql } from '@/lib/device-groups/reconcile-group';
import { ZPreviewBody } from '@/lib/device-groups/schemas';
import { toDeviceDto } from '@/lib/devices/to-device-dto';

const ID_CAP = 1000;

export async function previewGroup(ctx: ActorContext, groupId: string, body: z.output<typeof ZPreviewBody>, limit: number) {
  const group = await getGroupOrThrow(ctx, groupId);
  const rules = body.rules ?? group.rules;
  if (!rules) throw badRequest('This static group has no rules: send rules to preview', [{ path: 'body.rules', message: 'Required for a static group' }]);
  const desired = desiredMembersSql(group, rules);
  const [counts] = await db.$queryRaw<{ total: number; join_count: number; leave_count: number }[]>`
    with desired as (${desired})
    select (select count(*) from desired)::int as total,
      (select count(*) from desired x where not exists (select 1 from device_group_memberships m where m.group_id = ${group.id}::uuid and m.device_id = x.id))::int as join_count,
      (select count(*) from device_group_memberships m where m.group_id = ${group.id}::uuid and m.device_id not in (select id from desired))::int as leave_count`;
  const [firstIds, joining, leaving] = await Promise.all([
    db.$queryRaw<{ id: string }[]>`with desired as (${desired}) select d.id from devices d join desired x on x.id = d.id order by d.hostname, d.id limit ${limit}`,
    db.$queryRaw<{ id: string }[]>`with desired as (${desired}) select x.id from desired x where not exists (select 1 from device_group_memberships m where m.group_id = ${group.id}::uuid and m.device_id = x.id) limit ${ID_CAP}`,
    db.$queryRaw<{ id: string }[]>`with desired as (${desired}) select m.device_id as id from device_group_memberships m where m.group_id = ${group.id}::uuid and m.device_id not in (select id from desired) limit ${ID_CAP}`,
  ]);
  const devices = await db.device.findMany({ where: { id: { in: firstIds.map((r) => r.id) } }, orderBy: [{ hostname: 'asc' }, { id: 'asc' }] });
  return {
    total: counts.total,
    devices: devices.map(toDeviceDto),
    joining: joining.map((r) => r.id),
    leaving: leaving.map((r) => r.id),
    joinCount: counts.join_count,
    leaveCount: counts.leave_count,
  };
}

