// A save of a script (PUT /scripts/:id, POST …/versions, rollback, bundle new-version): the
// body is replaced, the version number goes up by one and the new body gets its version row,
// so every earlier body stays in the history. The row is locked for the read-modify-write.
import type { Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScriptFields } from '@/lib/scripts/schemas';
import { mappingValue, nameConflict } from '@/lib/scripts/insert-script';
import { replaceScriptTags, resolveCategoryId } from '@/lib/scripts/resolve-vocabulary';
import { snapshotVersion } from '@/lib/scripts/snapshot-version';
import { SCRIPT_INCLUDE } from '@/lib/scripts/to-script-dto';

export async function saveScriptBody(tx: Tx, scriptId: string, fields: ScriptFields, opts: { userId: string | null; note?: string | null }) {
  const [current] = await tx.$queryRaw<{ partner_id: string; library_key: string; version: number }[]>`
    select partner_id, library_key, version from scripts where id = ${scriptId}::uuid for update`;
  const clash = await tx.script.count({ where: { partnerId: current.partner_id, libraryKey: current.library_key, name: fields.name, id: { not: scriptId } } });
  if (clash) throw nameConflict(fields.name);
  const updated = await tx.script.update({
    where: { id: scriptId },
    data: {
      name: fields.name,
      description: fields.description ?? null,
      categoryId: await resolveCategoryId(tx, current.partner_id, fields.category),
      osTypes: fields.osTypes,
      language: fields.language,
      content: fields.content,
      runAs: fields.runAs,
      timeoutSeconds: fields.timeoutSeconds,
      parameters: fields.parameters as Prisma.InputJsonValue,
      exitCodeSeverityMapping: mappingValue(fields.exitCodeSeverityMapping),
      version: current.version + 1,
      updatedById: opts.userId,
    },
  });
  await replaceScriptTags(tx, scriptId, current.partner_id, fields.tags);
  await snapshotVersion(tx, updated, { userId: opts.userId, note: opts.note ?? null });
  return tx.script.findUniqueOrThrow({ where: { id: scriptId }, include: SCRIPT_INCLUDE });
}
