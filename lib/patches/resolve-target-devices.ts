// The devices a scan or job addresses: explicit ids (each missing or out-of-scope one is
// reported NOT_FOUND) or the members of a device group in scope.
import type { Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { deviceWhere } from '@/lib/devices/device-scope';
import { getGroupOrThrow } from '@/lib/device-groups/get-group-or-throw';

export async function resolveTargetDevices(tx: Tx, ctx: ActorContext, targets: { deviceIds?: string[]; groupId?: string }) {
  let ids: string[];
  if (targets.groupId) {
    await getGroupOrThrow(ctx, targets.groupId, tx);
    ids = (await tx.deviceGroupMembership.findMany({ where: { groupId: targets.groupId }, select: { deviceId: true } })).map((m) => m.deviceId);
  } else ids = [...new Set(targets.deviceIds ?? [])];
  const devices = await tx.device.findMany({
    where: { AND: [{ id: { in: ids } }, deviceWhere(ctx)] },
    select: { id: true, partnerId: true, orgId: true, siteId: true, status: true, osType: true, hostname: true },
  });
  const found = new Set(devices.map((d) => d.id));
  const failed = ids.filter((id) => !found.has(id)).map((deviceId) => ({ deviceId, code: 'NOT_FOUND', message: 'Device not found' }));
  return { devices: ids.flatMap((id) => devices.filter((d) => d.id === id)), failed, fromGroup: Boolean(targets.groupId) };
}

export type TargetDevice = Awaited<ReturnType<typeof resolveTargetDevices>>['devices'][number];
