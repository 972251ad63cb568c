// Pins keep a device in (include) or out (exclude) of a dynamic group regardless of its rules.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { assertGroupType, getGroupOrThrow } from '@/lib/device-groups/get-group-or-throw';
import { reconcileGroup } from '@/lib/device-groups/reconcile-group';

async function isMember(groupId: string, deviceId: string, client = db) {
  return (await client.deviceGroupMembership.count({ where: { groupId, deviceId } })) > 0;
}

export async function pinGroupDevice(ctx: ActorContext, groupId: string, deviceId: string, mode: 'include' | 'exclude') {
  return db.$transaction(async (tx) => {
    const group = await getGroupOrThrow(ctx, groupId, tx);
    assertGroupType(group, 'dynamic');
    const device = await getDeviceOrThrow(ctx, deviceId, tx);
    if (device.orgId !== group.orgId) throw notFound('Device');
    await tx.deviceGroupPin.upsert({
      where: { groupId_deviceId: { groupId, deviceId } },
      create: { groupId, deviceId, mode, createdById: ctx.userId },
      update: { mode, createdById: ctx.userId, createdAt: new Date() },
    });
    await reconcileGroup(tx, group, { deviceId, actorId: ctx.userId });
    await writeAudit(ctx, { action: 'device_group.pin', targetType: 'device_group', targetId: groupId, partnerId: group.partnerId, orgId: group.orgId, details: { deviceId, mode } }, tx);
    return { groupId, deviceId, mode, member: await isMember(groupId, deviceId, tx as typeof db) };
  });
}

export async function unpinGroupDevice(ctx: ActorContext, groupId: string, deviceId: string) {
  return db.$transaction(async (tx) => {
    const group = await getGroupOrThrow(ctx, groupId, tx);
    assertGroupType(group, 'dynamic');
    const removed = await tx.deviceGroupPin.deleteMany({ where: { groupId, deviceId } });
    if (removed.count === 0) throw notFound('Pin');
    // Without the pin the rules decide again.
    await reconcileGroup(tx, group, { deviceId, actorId: ctx.userId, joinReason: 'unpinned', leaveReason: 'unpinned' });
    await writeAudit(ctx, { action: 'device_group.unpin', targetType: 'device_group', targetId: groupId, partnerId: group.partnerId, orgId: group.orgId, details: { deviceId } }, tx);
    return { groupId, deviceId, mode: null, member: await isMember(groupId, deviceId, tx as typeof db) };
  });
}
