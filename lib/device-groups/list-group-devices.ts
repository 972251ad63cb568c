import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult, type PageInput } from '@/lib/http/pagination';
import { deviceWhere } from '@/lib/devices/device-scope';
import { toDeviceDto } from '@/lib/devices/to-device-dto';
import { getGroupOrThrow } from '@/lib/device-groups/get-group-or-throw';

export async function listGroupDevices(ctx: ActorContext, groupId: string, query: PageInput) {
  await getGroupOrThrow(ctx, groupId);
  const where = { groupId, device: deviceWhere(ctx) };
  const [rows, total, pins] = await Promise.all([
    db.deviceGroupMembership.findMany({ where, include: { device: true }, orderBy: [{ device: { hostname: 'asc' } }, { deviceId: 'asc' }], ...pageArgs(query) }),
    db.deviceGroupMembership.count({ where }),
    db.deviceGroupPin.findMany({ where: { groupId }, select: { deviceId: true, mode: true } }),
  ]);
  const pinOf = new Map(pins.map((p) => [p.deviceId, p.mode]));
  return pageResult(
    rows.map((m) => ({ ...toDeviceDto(m.device), membershipSource: m.source as 'manual' | 'rule' | 'pin', joinedAt: m.addedAt.toISOString(), pin: pinOf.get(m.deviceId) ?? null })),
    query,
    total,
  );
}
