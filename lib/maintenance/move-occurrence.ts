// Starting an occurrence early and ending one early (or on time by hand). Each is one
// compare-and-set on the times: of two concurrent callers one wins, the other gets a 409
// naming the state it found.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Prisma } from '@/lib/generated/prisma/client';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { TOccurrence } from '@/lib/maintenance/schemas';
import { assertWindowWritable, getOccurrenceOrThrow } from '@/lib/maintenance/window-scope';
import { occurrenceStatusWhere } from '@/lib/maintenance/occurrence-status-where';
import { occurrenceStatus, toOccurrenceDto } from '@/lib/maintenance/to-maintenance-dto';

export async function moveOccurrence(ctx: ActorContext, id: string, action: 'start' | 'end'): Promise<TOccurrence> {
  const now = new Date();
  const occurrence = await db.$transaction(async (tx) => {
    const current = await getOccurrenceOrThrow(ctx, id, tx);
    assertWindowWritable(ctx, current);
    const from = action === 'start' ? 'scheduled' : 'active';
    // An end keeps at least a millisecond after the start (the table's CHECK).
    const data: Prisma.MaintenanceOccurrenceUpdateManyMutationInput =
      action === 'start' ? { startsAt: now, startedBy: ctx.userId } : { endsAt: new Date(Math.max(now.getTime(), current.startsAt.getTime() + 1)), endedBy: ctx.userId };
    const moved = await tx.maintenanceOccurrence.updateMany({ where: { AND: [{ id }, occurrenceStatusWhere(from, now)] }, data });
    if (moved.count === 0) {
      const status = occurrenceStatus(current, now);
      throw conflict(`The occurrence is ${status}; only ${from} occurrences can be ${action === 'start' ? 'started' : 'ended'}`, `OCCURRENCE_NOT_${from.toUpperCase()}`, { status });
    }
    await writeAudit(
      ctx,
      { action: `maintenance_occurrence.${action}`, targetType: 'maintenance_occurrence', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { windowId: current.windowId, at: now.toISOString() } },
      tx,
    );
    return tx.maintenanceOccurrence.findUniqueOrThrow({ where: { id }, include: { window: true } });
  });
  return toOccurrenceDto(occurrence, now);
}
