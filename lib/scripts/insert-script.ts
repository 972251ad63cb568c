// The one way a script row is born (POST /scripts, library clones, templates, bundles): the row,
// its vocabulary links and its version 1, in the caller's transaction. A name already used in
// the same library is 409 SCRIPT_NAME_CONFLICT.
import type { Tx } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { conflict } from '@/lib/http/errors';
import type { ScriptFields } from '@/lib/scripts/schemas';
import type { ScriptLibrary } from '@/lib/scripts/resolve-script-library';
import { replaceScriptTags, resolveCategoryId } from '@/lib/scripts/resolve-vocabulary';
import { snapshotVersion } from '@/lib/scripts/snapshot-version';
import { SCRIPT_INCLUDE } from '@/lib/scripts/to-script-dto';

export const nameConflict = (name: string) => conflict(`A script named "${name}" already exists in this library`, 'SCRIPT_NAME_CONFLICT');

export async function nameTaken(tx: Tx, library: ScriptLibrary, name: string): Promise<boolean> {
  return (await tx.script.count({ where: { partnerId: library.partnerId, libraryKey: library.libraryKey, name } })) > 0;
}

export async function insertScript(tx: Tx, library: ScriptLibrary, fields: ScriptFields, opts: { userId: string | null; origin?: Record<string, unknown> }) {
  if (await nameTaken(tx, library, fields.name)) throw nameConflict(fields.name);
  const created = await tx.script.create({
    data: {
      partnerId: library.partnerId,
      orgId: library.orgId,
      libraryKey: library.libraryKey,
      name: fields.name,
      description: fields.description ?? null,
      categoryId: await resolveCategoryId(tx, library.partnerId, fields.category),
      osTypes: fields.osTypes,
      language: fields.language,
      content: fields.content,
      runAs: fields.runAs,
      timeoutSeconds: fields.timeoutSeconds,
      parameters: fields.parameters as Prisma.InputJsonValue,
      exitCodeSeverityMapping: mappingValue(fields.exitCodeSeverityMapping),
      origin: (opts.origin ?? undefined) as Prisma.InputJsonValue | undefined,
      createdById: opts.userId,
      updatedById: opts.userId,
    },
  });
  await replaceScriptTags(tx, created.id, library.partnerId, fields.tags);
  await snapshotVersion(tx, created, { userId: opts.userId, note: null });
  return tx.script.findUniqueOrThrow({ where: { id: created.id }, include: SCRIPT_INCLUDE });
}

/** An empty mapping means "no mapping". */
export function mappingValue(m: Record<string, string | null> | null | undefined) {
  return m && Object.keys(m).length > 0 ? (m as Prisma.InputJsonValue) : Prisma.DbNull;
}
