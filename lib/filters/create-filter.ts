// POST /filters: save a rule tree under a name, private to the caller or shared with the partner.
import { db, type Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import type { CreateFilterInput } from '@/lib/filters/schemas';
import { toFilterDto } from '@/lib/filters/to-filter-dto';

/** The partner and organization a new filter belongs to; an organization the caller does not see is a 404. */
async function ownerScope(tx: Tx, ctx: ActorContext, orgId: string | null | undefined): Promise<{ partnerId: string; orgId: string | null }> {
  const wanted = ctx.scope === 'organization' ? (orgId ?? ctx.orgId) : orgId;
  if (wanted) {
    const org = await getOrganizationOrThrow(ctx, wanted, tx);
    return { partnerId: org.partnerId, orgId: org.id };
  }
  if (!ctx.partnerId) throw badRequest('orgId is required', [{ path: 'body.orgId', message: 'Required for callers without a partner (system scope)' }]);
  return { partnerId: ctx.partnerId, orgId: null };
}

export async function assertNameFree(tx: Tx, f: { partnerId: string; ownerId: string; name: string }, exceptId?: string): Promise<void> {
  const taken = await tx.savedFilter.findFirst({ where: { partnerId: f.partnerId, ownerId: f.ownerId, name: f.name, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (taken) throw conflict(`You already have a saved filter named "${f.name}"`, 'FILTER_NAME_TAKEN');
}

export async function createFilter(ctx: ActorContext, input: CreateFilterInput) {
  return db.$transaction(async (tx) => {
    const scope = await ownerScope(tx, ctx, input.orgId);
    await assertNameFree(tx, { partnerId: scope.partnerId, ownerId: ctx.userId, name: input.name });
    const filter = await tx.savedFilter.create({
      data: {
        ...scope,
        ownerId: ctx.userId,
        visibility: input.visibility,
        name: input.name,
        description: input.description ?? null,
        rules: input.rules as unknown as Prisma.InputJsonValue,
        createdById: ctx.userId,
        updatedById: ctx.userId,
      },
    });
    await writeAudit(
      ctx,
      { action: 'saved_filter.create', targetType: 'saved_filter', targetId: filter.id, partnerId: filter.partnerId, orgId: filter.orgId, details: { name: filter.name, visibility: filter.visibility } },
      tx,
    );
    return toFilterDto(filter);
  });
}
