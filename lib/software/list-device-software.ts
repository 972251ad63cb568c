// GET /software/inventory/:deviceId: the packages one device reported in its last inventory.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { readInventorySnapshot } from '@/lib/devices/read-inventory-snapshot';
import type { TDeviceSoftwareItem, TDeviceSoftwareList } from '@/lib/software/schemas';
import { uninstallSupported } from '@/lib/software/uninstall-support';
import type { DeviceSoftware } from '@/lib/generated/prisma/client';

export const toSoftwareItem = (s: DeviceSoftware): TDeviceSoftwareItem => ({
  id: s.id,
  name: s.name,
  version: s.version,
  vendor: s.publisher,
  source: s.source,
  installedAt: s.installedAt?.toISOString() ?? null,
});

export async function listDeviceSoftware(ctx: ActorContext, deviceId: string, q: { search?: string }): Promise<TDeviceSoftwareList> {
  const device = await getDeviceOrThrow(ctx, deviceId, db, { includeDecommissioned: true });
  const search = q.search ? { OR: [{ name: { contains: q.search, mode: 'insensitive' as const } }, { publisher: { contains: q.search, mode: 'insensitive' as const } }] } : {};
  const [inventory, software] = await readInventorySnapshot(deviceId, search);
  return {
    deviceId,
    osType: device.osType,
    collectedAt: inventory?.collectedAt.toISOString() ?? null,
    uninstallSupported: uninstallSupported(device.osType),
    data: software.map(toSoftwareItem),
  };
}
