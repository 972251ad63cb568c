// GET|POST /custom-fields, GET|PATCH|DELETE /custom-fields/:id. A key is unique within its
// scope (partner-wide, or one organization); an organization field may not reuse the key of a
// partner-wide one (a device would see two), 409 CUSTOM_FIELD_KEY_EXISTS.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { badRequest, conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { assertMayWriteLibrary, libraryKeyOf } from '@/lib/scripts/script-scope';
import type { ZCreateCustomField, ZListCustomFieldsQuery, ZUpdateCustomField } from '@/lib/custom-fields/schemas';
import { customFieldWhere } from '@/lib/custom-fields/custom-field-scope';
import { toCustomFieldDto } from '@/lib/custom-fields/to-custom-field-dto';

export async function getCustomFieldOrThrow(ctx: ScopedContext, id: string) {
  const field = await db.customFieldDefinition.findFirst({ where: { AND: [{ id }, customFieldWhere(ctx)] } });
  if (!field) throw notFound('Custom field');
  return field;
}

export async function listCustomFields(ctx: ScopedContext, q: z.output<typeof ZListCustomFieldsQuery>) {
  const rows = await db.customFieldDefinition.findMany({
    where: { AND: [customFieldWhere(ctx), q.orgId ? { OR: [{ orgId: null }, { orgId: q.orgId }] } : {}] },
    orderBy: [{ key: 'asc' }, { id: 'asc' }],
  });
  return { data: rows.map(toCustomFieldDto) };
}

export async function createCustomField(ctx: ActorContext, input: z.output<typeof ZCreateCustomField>) {
  let partnerId: string;
  let orgId: string | null = null;
  const own = ctx.scope === 'organization' ? (ctx.orgId ?? undefined) : undefined;
  if (input.orgId || own) {
    const org = await getOrganizationOrThrow(ctx, (input.orgId ?? own)!);
    partnerId = org.partnerId;
    orgId = org.id;
  } else {
    assertMayWriteLibrary(ctx, null);
    const p = ctx.scope === 'system' ? input.partnerId : ctx.partnerId;
    if (!p) throw badRequest('partnerId or orgId is required for platform admins', [{ path: 'body.partnerId', message: 'Required' }]);
    partnerId = p;
  }
  const clash = await db.customFieldDefinition.findFirst({ where: { partnerId, key: input.key, OR: [{ orgId: null }, ...(orgId ? [{ orgId }] : [])] } });
  const clashesBelow = orgId === null && (await db.customFieldDefinition.count({ where: { partnerId, key: input.key } })) > 0;
  if (clash || clashesBelow) throw conflict(`A custom field with key "${input.key}" already exists in this scope`, 'CUSTOM_FIELD_KEY_EXISTS');
  const field = await db.customFieldDefinition.create({
    data: {
      partnerId,
      orgId,
      scopeKey: libraryKeyOf(orgId),
      key: input.key,
      name: input.name,
      description: input.description ?? null,
      type: input.type,
      options: input.options ?? [],
      scriptWritable: input.scriptWritable,
    },
  });
  return toCustomFieldDto(field);
}

export async function updateCustomField(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateCustomField>) {
  const field = await getCustomFieldOrThrow(ctx, id);
  assertMayWriteLibrary(ctx, field.orgId);
  if (input.options && field.type !== 'select') throw badRequest('Only select fields take options', [{ path: 'body.options', message: 'Not a select field' }]);
  if (input.options && input.options.length === 0) throw badRequest('A select field needs options', [{ path: 'body.options', message: 'Empty' }]);
  const updated = await db.customFieldDefinition.update({
    where: { id },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.options !== undefined ? { options: input.options } : {}),
      ...(input.scriptWritable !== undefined ? { scriptWritable: input.scriptWritable } : {}),
    },
  });
  return toCustomFieldDto(updated);
}

export async function deleteCustomField(ctx: ActorContext, id: string): Promise<void> {
  const field = await getCustomFieldOrThrow(ctx, id);
  assertMayWriteLibrary(ctx, field.orgId);
  await db.$transaction(async (tx) => {
    await tx.customFieldDefinition.delete({ where: { id } });
    await writeAudit(ctx, { action: 'custom_field.delete', targetType: 'custom_field', targetId: id, partnerId: field.partnerId, orgId: field.orgId, details: { key: field.key } }, tx);
  });
}
