// POST /groups/:id/devices: add devices to a static group (partial success per device).
import { db, type Tx } from '@/lib/db';
import type { DeviceGroup } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { deviceWhere } from '@/lib/devices/device-scope';
import { assertGroupType, getGroupOrThrow } from '@/lib/device-groups/get-group-or-throw';
import { enqueueDevicesEvaluation } from '@/lib/policies/enqueue-device-evaluation';

type Skip = { deviceId: string; reason: 'ALREADY_MEMBER' | 'NOT_IN_GROUP_SCOPE' };

export async function addStaticMembers(tx: Tx, ctx: ActorContext, group: DeviceGroup, deviceIds: string[]) {
  const ids = [...new Set(deviceIds)];
  const visible = await tx.device.findMany({ where: { AND: [{ id: { in: ids } }, deviceWhere(ctx)] }, select: { id: true, orgId: true, siteId: true } });
  const byId = new Map(visible.map((d) => [d.id, d]));
  const existing = new Set(
    (await tx.deviceGroupMembership.findMany({ where: { groupId: group.id, deviceId: { in: ids } }, select: { deviceId: true } })).map((m) => m.deviceId),
  );
  const added: string[] = [];
  const skipped: Skip[] = [];
  const failed: { deviceId: string; code: string; message: string }[] = [];
  for (const id of ids) {
    const device = byId.get(id);
    if (!device) failed.push({ deviceId: id, code: 'NOT_FOUND', message: 'Device not found' });
    else if (device.orgId !== group.orgId || (group.siteId && device.siteId !== group.siteId)) skipped.push({ deviceId: id, reason: 'NOT_IN_GROUP_SCOPE' });
    else if (existing.has(id)) skipped.push({ deviceId: id, reason: 'ALREADY_MEMBER' });
    else added.push(id);
  }
  if (added.length) {
    await tx.deviceGroupMembership.createMany({ data: added.map((deviceId) => ({ groupId: group.id, deviceId, partnerId: group.partnerId, orgId: group.orgId, source: 'manual' })) });
    await tx.deviceGroupMembershipLog.createMany({
      data: added.map((deviceId) => ({ groupId: group.id, deviceId, partnerId: group.partnerId, orgId: group.orgId, action: 'joined', reason: 'manual_add', actorId: ctx.userId })),
    });
  }
  return { added, skipped, failed };
}

export async function addGroupDevices(ctx: ActorContext, groupId: string, deviceIds: string[]) {
  return db.$transaction(async (tx) => {
    const group = await getGroupOrThrow(ctx, groupId, tx);
    assertGroupType(group, 'static');
    const result = await addStaticMembers(tx, ctx, group, deviceIds);
    // Policies assigned to the group now reach the new members.
    await enqueueDevicesEvaluation(tx, group.partnerId, result.added);
    await writeAudit(ctx, { action: 'device_group.add_devices', targetType: 'device_group', targetId: groupId, partnerId: group.partnerId, orgId: group.orgId, details: { added: result.added.length, skipped: result.skipped.length, failed: result.failed.length } }, tx);
    return result;
  });
}
