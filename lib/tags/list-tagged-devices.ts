import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { deviceWhere } from '@/lib/devices/device-scope';
import { toDeviceDto } from '@/lib/devices/to-device-dto';
import { ZTaggedDevicesQuery } from '@/lib/tags/schemas';

/** GET /tags/devices: devices in scope carrying any (or all) of the given tags. */
export async function listTaggedDevices(ctx: ActorContext, query: z.output<typeof ZTaggedDevicesQuery>) {
  const where: Prisma.DeviceWhereInput = {
    AND: [
      deviceWhere(ctx),
      query.orgId ? { orgId: query.orgId } : {},
      query.match === 'all' ? { tags: { hasEvery: query.tags } } : { tags: { hasSome: query.tags } },
    ],
  };
  const [rows, total] = await Promise.all([
    db.device.findMany({ where, orderBy: [{ hostname: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.device.count({ where }),
  ]);
  return pageResult(rows.map(toDeviceDto), query, total);
}
