// DELETE /third-party-catalog/:id: soft delete, so the test history and audit trail keep their
// subject; the name becomes free again. Smoke tests still waiting for an agent are cancelled.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getThirdPartyAppOrThrow } from '@/lib/third-party-catalog/get-third-party-app-or-throw';

export async function deleteThirdPartyApp(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const app = await getThirdPartyAppOrThrow(id, tx);
    await tx.thirdPartyApp.update({ where: { id }, data: { deletedAt: new Date() } });
    const waiting = await tx.thirdPartyAppTest.findMany({ where: { appId: id, status: 'queued' }, select: { id: true, commandId: true } });
    const commandIds = waiting.map((t) => t.commandId).filter((c): c is string => c !== null);
    // Only commands the agent has not fetched yet; a delivered install finishes and is recorded.
    const cancelled = await tx.deviceCommand.updateManyAndReturn({ where: { id: { in: commandIds }, status: 'pending' }, data: { status: 'cancelled', completedAt: new Date() }, select: { id: true } });
    await tx.thirdPartyAppTest.updateMany({ where: { commandId: { in: cancelled.map((c) => c.id) } }, data: { status: 'cancelled', completedAt: new Date() } });
    await writeAudit(ctx, { action: 'third_party_catalog.delete', targetType: 'third_party_app', targetId: id, partnerId: null, orgId: null, details: { name: app.name, cancelledTests: cancelled.length } }, tx);
  });
}
