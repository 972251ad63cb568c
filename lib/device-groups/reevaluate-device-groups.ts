import type { Tx } from '@/lib/db';
import { reconcileGroup } from '@/lib/device-groups/reconcile-group';

/** After a device changed (enrolled, edited, moved): re-check it against its organization's dynamic groups. */
export async function reevaluateDeviceGroups(tx: Tx, deviceId: string, opts: { actorId?: string | null } = {}): Promise<void> {
  const device = await tx.device.findUnique({ where: { id: deviceId }, select: { orgId: true } });
  if (!device) return;
  const groups = await tx.deviceGroup.findMany({ where: { orgId: device.orgId, type: 'dynamic' } });
  for (const group of groups) {
    await reconcileGroup(tx, group, { deviceId, actorId: opts.actorId });
  }
}

/** Takes a device out of every group (static and dynamic), logging why. */
export async function removeDeviceFromGroups(tx: Tx, deviceId: string, reason: 'device_moved' | 'device_decommissioned', actorId: string | null): Promise<void> {
  await tx.$executeRaw`
    with removed as (
      delete from device_group_memberships where device_id = ${deviceId}::uuid
      returning group_id, device_id, partner_id, org_id)
    insert into device_group_membership_log (id, group_id, device_id, partner_id, org_id, action, reason, actor_id, created_at)
    select gen_random_uuid(), group_id, device_id, partner_id, org_id, 'left', ${reason}, ${actorId}::uuid, now() from removed`;
  await tx.deviceGroupPin.deleteMany({ where: { deviceId } });
}
