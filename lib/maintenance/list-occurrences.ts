import type { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import type { ZListOccurrencesQuery } from '@/lib/maintenance/schemas';
import { getWindowOrThrow, occurrenceWhere } from '@/lib/maintenance/window-scope';
import { occurrenceStatusWhere } from '@/lib/maintenance/occurrence-status-where';
import { toOccurrenceDto } from '@/lib/maintenance/to-maintenance-dto';

type Query = z.output<typeof ZListOccurrencesQuery>;

/** Occurrences in scope by start time; GET /maintenance/windows/:id/occurrences passes the window (404 outside scope). */
export async function listOccurrences(ctx: ActorContext, query: Query, windowId?: string) {
  if (windowId) await getWindowOrThrow(ctx, windowId);
  const now = new Date();
  const where: Prisma.MaintenanceOccurrenceWhereInput = {
    AND: [
      occurrenceWhere(ctx),
      windowId ? { windowId } : query.windowId ? { windowId: query.windowId } : {},
      query.orgId ? { orgId: query.orgId } : {},
      query.status?.length ? { OR: query.status.map((s) => occurrenceStatusWhere(s, now)) } : {},
      query.from ? { endsAt: { gt: query.from } } : {},
      query.to ? { startsAt: { lt: query.to } } : {},
    ],
  };
  const include = { window: { select: { name: true, suppressAlerts: true, suppressPatching: true } } } as const;
  const [rows, total] = await Promise.all([
    db.maintenanceOccurrence.findMany({ where, include, orderBy: [{ startsAt: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.maintenanceOccurrence.count({ where }),
  ]);
  return pageResult(rows.map((o) => toOccurrenceDto(o, now)), query, total);
}
