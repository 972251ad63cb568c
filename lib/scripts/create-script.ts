// POST /scripts.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ZCreateScript } from '@/lib/scripts/schemas';
import { resolveScriptLibrary } from '@/lib/scripts/resolve-script-library';
import { insertScript } from '@/lib/scripts/insert-script';
import { toScriptDto } from '@/lib/scripts/to-script-dto';

export async function createScript(ctx: ActorContext, input: z.output<typeof ZCreateScript>) {
  const { availability, orgId, partnerId, ...fields } = input;
  return db.$transaction(async (tx) => {
    const library = await resolveScriptLibrary(tx, ctx, { availability, orgId, partnerId });
    const script = await insertScript(tx, library, fields, { userId: ctx.userId });
    await writeAudit(ctx, { action: 'script.create', targetType: 'script', targetId: script.id, partnerId: script.partnerId, orgId: script.orgId, details: { name: script.name, availability } }, tx);
    return toScriptDto(script);
  });
}
