import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZUpdateGroup } from '@/lib/device-groups/schemas';
import { assertGroupType, getGroupOrThrow } from '@/lib/device-groups/get-group-or-throw';
import { reconcileGroup } from '@/lib/device-groups/reconcile-group';
import { toGroupDto } from '@/lib/device-groups/to-group-dto';

export async function updateGroup(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateGroup>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  return db.$transaction(async (tx) => {
    const current = await getGroupOrThrow(ctx, id, tx);
    if (input.rules) assertGroupType(current, 'dynamic');
    if (input.name && input.name !== current.name) {
      const taken = await tx.deviceGroup.findUnique({ where: { orgId_name: { orgId: current.orgId, name: input.name } }, select: { id: true } });
      if (taken) throw conflict(`A group named "${input.name}" already exists in this organization`, 'GROUP_NAME_TAKEN');
    }
    const group = await tx.deviceGroup.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.rules ? { rules: input.rules as unknown as Prisma.InputJsonValue } : {}),
      },
    });
    if (input.rules) await reconcileGroup(tx, group, { actorId: ctx.userId });
    await writeAudit(ctx, { action: 'device_group.update', targetType: 'device_group', targetId: id, partnerId: group.partnerId, orgId: group.orgId, details: { fields: Object.keys(input) } }, tx);
    return toGroupDto(group, await tx.deviceGroupMembership.count({ where: { groupId: id } }));
  });
}
