import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertWindowWritable, getWindowOrThrow } from '@/lib/maintenance/window-scope';

/** Deletes the window with its occurrences; devices leave maintenance at once. */
export async function deleteWindow(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const window = await getWindowOrThrow(ctx, id, tx);
    assertWindowWritable(ctx, window);
    await tx.maintenanceWindow.delete({ where: { id } });
    await writeAudit(ctx, { action: 'maintenance_window.delete', targetType: 'maintenance_window', targetId: id, partnerId: window.partnerId, orgId: window.orgId, details: { name: window.name } }, tx);
  });
}
