// Script categories and tags (GET|POST /script-library/categories, GET|PATCH|DELETE …/:id,
// GET|POST /script-library/tags, DELETE …/:id): partner-wide vocabularies. Deleting a category
// leaves its scripts uncategorised; deleting a tag removes it from every script.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ZCreateCategory, ZCreateTag, ZUpdateCategory } from '@/lib/scripts/schemas';
import { vocabularyPartner } from '@/lib/scripts/resolve-script-library';
import type { ScriptCategory, ScriptTag } from '@/lib/generated/prisma/client';
import { partnerWhere } from '@/lib/tenancy/scope';

const partnerFilter = (ctx: ScopedContext) => partnerWhere(ctx);
// A `partnerId` filter narrows the caller's own partner (AND), never replaces it: a partner caller
// naming another partner gets an empty list, a platform admin gets that partner's vocabulary.
const listWhere = (ctx: ScopedContext, partnerId?: string) => ({ AND: [partnerFilter(ctx), partnerId ? { partnerId } : {}] });

const toCategoryDto = (c: ScriptCategory & { _count: { scripts: number } }) => ({
  id: c.id,
  partnerId: c.partnerId,
  name: c.name,
  description: c.description,
  scriptCount: c._count.scripts,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});
const toTagDto = (t: ScriptTag & { _count: { links: number } }) => ({ id: t.id, partnerId: t.partnerId, name: t.name, scriptCount: t._count.links, createdAt: t.createdAt.toISOString() });

const duplicate = (what: string, name: string) => conflict(`A ${what} named "${name}" already exists`, `SCRIPT_${what.toUpperCase()}_EXISTS`);

export async function listCategories(ctx: ScopedContext, partnerId?: string) {
  const rows = await db.scriptCategory.findMany({ where: listWhere(ctx, partnerId), include: { _count: { select: { scripts: true } } }, orderBy: { name: 'asc' } });
  return { data: rows.map(toCategoryDto) };
}

export async function getCategoryOrThrow(ctx: ScopedContext, id: string) {
  const row = await db.scriptCategory.findFirst({ where: { id, ...partnerFilter(ctx) }, include: { _count: { select: { scripts: true } } } });
  if (!row) throw notFound('Category');
  return row;
}

export async function getCategory(ctx: ScopedContext, id: string) {
  return toCategoryDto(await getCategoryOrThrow(ctx, id));
}

export async function createCategory(ctx: ActorContext, input: z.output<typeof ZCreateCategory>) {
  const partnerId = vocabularyPartner(ctx, input.partnerId);
  if (await db.scriptCategory.findFirst({ where: { partnerId, name: input.name } })) throw duplicate('category', input.name);
  const row = await db.scriptCategory.create({ data: { partnerId, name: input.name, description: input.description ?? null }, include: { _count: { select: { scripts: true } } } });
  return toCategoryDto(row);
}

export async function updateCategory(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateCategory>) {
  const current = await getCategoryOrThrow(ctx, id);
  if (input.name && input.name !== current.name && (await db.scriptCategory.findFirst({ where: { partnerId: current.partnerId, name: input.name } }))) {
    throw duplicate('category', input.name);
  }
  const row = await db.scriptCategory.update({
    where: { id },
    data: { ...(input.name ? { name: input.name } : {}), ...(input.description !== undefined ? { description: input.description } : {}) },
    include: { _count: { select: { scripts: true } } },
  });
  return toCategoryDto(row);
}

export async function deleteCategory(ctx: ActorContext, id: string): Promise<void> {
  const current = await getCategoryOrThrow(ctx, id);
  await db.$transaction(async (tx) => {
    await tx.scriptCategory.delete({ where: { id } });
    await writeAudit(ctx, { action: 'script_category.delete', targetType: 'script_category', targetId: id, partnerId: current.partnerId, orgId: null, details: { name: current.name } }, tx);
  });
}

export async function listTags(ctx: ScopedContext, partnerId?: string) {
  const rows = await db.scriptTag.findMany({ where: listWhere(ctx, partnerId), include: { _count: { select: { links: true } } }, orderBy: { name: 'asc' } });
  return { data: rows.map(toTagDto) };
}

export async function createTag(ctx: ActorContext, input: z.output<typeof ZCreateTag>) {
  const partnerId = vocabularyPartner(ctx, input.partnerId);
  if (await db.scriptTag.findFirst({ where: { partnerId, name: input.name } })) throw duplicate('tag', input.name);
  return toTagDto(await db.scriptTag.create({ data: { partnerId, name: input.name }, include: { _count: { select: { links: true } } } }));
}

export async function deleteTag(ctx: ActorContext, id: string): Promise<void> {
  const tag = await db.scriptTag.findFirst({ where: { id, ...partnerFilter(ctx) } });
  if (!tag) throw notFound('Tag');
  await db.$transaction(async (tx) => {
    await tx.scriptTag.delete({ where: { id } });
    await writeAudit(ctx, { action: 'script_tag.delete', targetType: 'script_tag', targetId: id, partnerId: tag.partnerId, orgId: null, details: { name: tag.name } }, tx);
  });
}
