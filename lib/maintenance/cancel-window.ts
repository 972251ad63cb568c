import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { TWindow } from '@/lib/maintenance/schemas';
import { assertWindowWritable, getWindowOrThrow } from '@/lib/maintenance/window-scope';
import { toWindowDto } from '@/lib/maintenance/to-maintenance-dto';
import { upcomingOccurrences } from '@/lib/maintenance/upcoming-occurrences';

/**
 * Cancels the window and every occurrence that has not started. An occurrence in progress runs
 * to its end (end it with POST /maintenance/occurrences/:id/end). The status compare-and-set
 * makes a second cancel a 409.
 */
export async function cancelWindow(ctx: ActorContext, id: string): Promise<TWindow> {
  const now = new Date();
  const window = await db.$transaction(async (tx) => {
    const current = await getWindowOrThrow(ctx, id, tx);
    assertWindowWritable(ctx, current);
    const moved = await tx.maintenanceWindow.updateMany({ where: { id, status: 'active' }, data: { status: 'cancelled', cancelledAt: now, cancelledBy: ctx.userId } });
    if (moved.count === 0) throw conflict('The window is already cancelled', 'WINDOW_CANCELLED');
    const cancelled = await tx.maintenanceOccurrence.updateMany({ where: { windowId: id, cancelledAt: null, startsAt: { gt: now } }, data: { cancelledAt: now, cancelledBy: ctx.userId } });
    await writeAudit(
      ctx,
      { action: 'maintenance_window.cancel', targetType: 'maintenance_window', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { name: current.name, cancelledOccurrences: cancelled.count } },
      tx,
    );
    return tx.maintenanceWindow.findUniqueOrThrow({ where: { id } });
  });
  return toWindowDto(window, await upcomingOccurrences([window.id]));
}
