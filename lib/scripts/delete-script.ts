// DELETE /scripts/:id. Executions stay on record (their script link becomes null; name and
// version were copied onto each execution); versions and tag links go with the script.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getScriptOrThrow } from '@/lib/scripts/get-script-or-throw';
import { assertMayWriteLibrary } from '@/lib/scripts/script-scope';

export async function deleteScript(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const script = await getScriptOrThrow(ctx, id, tx);
    assertMayWriteLibrary(ctx, script.orgId);
    await tx.script.delete({ where: { id } });
    await writeAudit(ctx, { action: 'script.delete', targetType: 'script', targetId: id, partnerId: script.partnerId, orgId: script.orgId, details: { name: script.name, version: script.version } }, tx);
  });
}
