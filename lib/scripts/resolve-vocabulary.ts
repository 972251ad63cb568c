// Category and tag names resolve to the partner's vocabulary, created when missing (doc 3:
// "tags resolved or created in the target scope"). Upserts make concurrent saves agree.
import type { Tx } from '@/lib/db';

export async function resolveCategoryId(tx: Tx, partnerId: string, name: string | null | undefined): Promise<string | null> {
  if (!name) return null;
  const row = await tx.scriptCategory.upsert({ where: { partnerId_name: { partnerId, name } }, create: { partnerId, name }, update: {}, select: { id: true } });
  return row.id;
}

export async function resolveTagIds(tx: Tx, partnerId: string, names: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const row = await tx.scriptTag.upsert({ where: { partnerId_name: { partnerId, name } }, create: { partnerId, name }, update: {}, select: { id: true } });
    ids.push(row.id);
  }
  return ids;
}

export async function replaceScriptTags(tx: Tx, scriptId: string, partnerId: string, names: readonly string[]): Promise<void> {
  const tagIds = await resolveTagIds(tx, partnerId, names);
  await tx.scriptTagLink.deleteMany({ where: { scriptId } });
  if (tagIds.length) await tx.scriptTagLink.createMany({ data: tagIds.map((tagId) => ({ scriptId, tagId })) });
}
