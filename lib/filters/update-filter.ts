// PATCH /filters/:id: rename, describe, change the rules or the visibility. A shared filter can
// be edited by anyone with filters:manage who sees it; only its owner can make it private again.
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { UpdateFilterInput } from '@/lib/filters/schemas';
import { getFilterOrThrow } from '@/lib/filters/get-filter-or-throw';
import { assertNameFree } from '@/lib/filters/create-filter';
import { toFilterDto } from '@/lib/filters/to-filter-dto';
import { enqueueFilterPoliciesEvaluation } from '@/lib/policies/enqueue-device-evaluation';

export async function updateFilter(ctx: ActorContext, id: string, input: UpdateFilterInput) {
  return db.$transaction(async (tx) => {
    const current = await getFilterOrThrow(ctx, id, tx);
    if (input.visibility === 'private' && current.visibility === 'shared' && current.ownerId !== ctx.userId) {
      throw new AppError('FILTER_NOT_OWNER', 403, 'Only the owner of a shared filter can make it private');
    }
    if (input.name !== undefined && input.name !== current.name) await assertNameFree(tx, { partnerId: current.partnerId, ownerId: current.ownerId, name: input.name }, id);
    const filter = await tx.savedFilter.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
        ...(input.rules !== undefined ? { rules: input.rules as unknown as Prisma.InputJsonValue } : {}),
        updatedById: ctx.userId,
      },
    });
    if (input.rules !== undefined || input.visibility !== undefined) await enqueueFilterPoliciesEvaluation(tx, id);
    await writeAudit(
      ctx,
      { action: 'saved_filter.update', targetType: 'saved_filter', targetId: id, partnerId: filter.partnerId, orgId: filter.orgId, details: { fields: Object.keys(input), name: filter.name } },
      tx,
    );
    return toFilterDto(filter);
  });
}
