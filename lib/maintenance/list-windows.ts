import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import type { ZListWindowsQuery } from '@/lib/maintenance/schemas';
import { windowWhere } from '@/lib/maintenance/window-scope';
import { toWindowDto } from '@/lib/maintenance/to-maintenance-dto';
import { upcomingOccurrences } from '@/lib/maintenance/upcoming-occurrences';

export async function listWindows(ctx: ActorContext, query: z.output<typeof ZListWindowsQuery>) {
  const where: Prisma.MaintenanceWindowWhereInput = {
    AND: [
      windowWhere(ctx),
      query.status ? { status: query.status } : {},
      query.orgId ? { orgId: query.orgId } : {},
      query.recurrence ? { recurrence: query.recurrence } : {},
      query.deviceId ? { targetDeviceIds: { has: query.deviceId } } : {},
      query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.maintenanceWindow.findMany({ where, orderBy: [{ startsAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.maintenanceWindow.count({ where }),
  ]);
  const upcoming = await upcomingOccurrences(rows.map((w) => w.id));
  return pageResult(rows.map((w) => toWindowDto(w, upcoming)), query, total);
}
