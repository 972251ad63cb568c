// A device's inventory row and its software rows as of one moment. An upload replaces both in one
// transaction; two reads on their own connections could fall on either side of its commit and
// answer the new row (collectedAt set) beside no software, or beside the last upload's.
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';

export function readInventorySnapshot(deviceId: string, softwareWhere: Prisma.DeviceSoftwareWhereInput = {}) {
  return db.$transaction(
    [
      db.deviceInventory.findUnique({ where: { deviceId } }),
      db.deviceSoftware.findMany({ where: { ...softwareWhere, deviceId }, orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
    ],
    { isolationLevel: 'RepeatableRead' },
  );
}
