// PUT /scripts/:id: replaces the script's body (a new version; earlier ones stay in history).
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ZUpdateScript } from '@/lib/scripts/schemas';
import { getScriptOrThrow } from '@/lib/scripts/get-script-or-throw';
import { assertMayWriteLibrary } from '@/lib/scripts/script-scope';
import { saveScriptBody } from '@/lib/scripts/save-script-body';
import { toScriptDto } from '@/lib/scripts/to-script-dto';

export async function updateScript(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateScript>, action = 'script.update') {
  const { note, ...fields } = input;
  return db.$transaction(async (tx) => {
    const before = await getScriptOrThrow(ctx, id, tx);
    assertMayWriteLibrary(ctx, before.orgId);
    const script = await saveScriptBody(tx, id, fields, { userId: ctx.userId, note });
    await writeAudit(ctx, { action, targetType: 'script', targetId: id, partnerId: script.partnerId, orgId: script.orgId, details: { name: script.name, version: script.version, previousVersion: before.version } }, tx);
    return toScriptDto(script);
  });
}
