import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertGroupType, getGroupOrThrow } from '@/lib/device-groups/get-group-or-throw';
import { enqueueDeviceEvaluation } from '@/lib/policies/enqueue-device-evaluation';

/** DELETE /groups/:id/devices/:deviceId: takes a device out of a static group. */
export async function removeGroupDevice(ctx: ActorContext, groupId: string, deviceId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const group = await getGroupOrThrow(ctx, groupId, tx);
    assertGroupType(group, 'static');
    const removed = await tx.deviceGroupMembership.deleteMany({ where: { groupId, deviceId } });
    if (removed.count === 0) throw notFound('Group member');
    await tx.deviceGroupMembershipLog.create({
      data: { groupId, deviceId, partnerId: group.partnerId, orgId: group.orgId, action: 'left', reason: 'manual_remove', actorId: ctx.userId },
    });
    // Policies assigned to the group no longer reach the device.
    await enqueueDeviceEvaluation(tx, group.partnerId, deviceId);
    await writeAudit(ctx, { action: 'device_group.remove_device', targetType: 'device_group', targetId: groupId, partnerId: group.partnerId, orgId: group.orgId, details: { deviceId } }, tx);
  });
}
