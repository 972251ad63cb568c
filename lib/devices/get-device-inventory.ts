import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { readInventorySnapshot } from '@/lib/devices/read-inventory-snapshot';
import type { ZDeviceInventory } from '@/lib/devices/schemas';

export async function getDeviceInventory(ctx: ActorContext, deviceId: string): Promise<z.infer<typeof ZDeviceInventory>> {
  await getDeviceOrThrow(ctx, deviceId, db, { includeDecommissioned: true });
  const [inventory, software] = await readInventorySnapshot(deviceId);
  return {
    deviceId,
    collectedAt: inventory?.collectedAt.toISOString() ?? null,
    receivedAt: inventory?.receivedAt.toISOString() ?? null,
    hardware: (inventory?.hardware ?? {}) as Record<string, unknown>,
    os: (inventory?.os ?? {}) as Record<string, unknown>,
    disks: (inventory?.disks ?? []) as Record<string, unknown>[],
    network: (inventory?.network ?? []) as Record<string, unknown>[],
    software: software.map((s) => ({ name: s.name, version: s.version, publisher: s.publisher, source: s.source, installedAt: s.installedAt?.toISOString() ?? null })),
  };
}
