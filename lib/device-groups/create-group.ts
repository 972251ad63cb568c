import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { resolvePlacement } from '@/lib/devices/resolve-placement';
import { ZCreateGroup } from '@/lib/device-groups/schemas';
import { reconcileGroup } from '@/lib/device-groups/reconcile-group';
import { addStaticMembers } from '@/lib/device-groups/add-group-devices';
import { toGroupDto } from '@/lib/device-groups/to-group-dto';

export async function createGroup(ctx: ActorContext, input: z.output<typeof ZCreateGroup>) {
  return db.$transaction(async (tx) => {
    const { org, site } = await resolvePlacement(tx, ctx, input.orgId, input.siteId);
    if (await tx.deviceGroup.findUnique({ where: { orgId_name: { orgId: org.id, name: input.name } }, select: { id: true } })) {
      throw conflict(`A group named "${input.name}" already exists in this organization`, 'GROUP_NAME_TAKEN');
    }
    const group = await tx.deviceGroup.create({
      data: {
        partnerId: org.partnerId,
        orgId: org.id,
        siteId: site?.id ?? null,
        name: input.name,
        description: input.description ?? null,
        type: input.type,
        rules: (input.rules ?? undefined) as Prisma.InputJsonValue | undefined,
      },
    });
    if (group.type === 'dynamic') await reconcileGroup(tx, group, { actorId: ctx.userId });
    else if (input.deviceIds?.length) await addStaticMembers(tx, ctx, group, input.deviceIds);
    await writeAudit(ctx, { action: 'device_group.create', targetType: 'device_group', targetId: group.id, partnerId: group.partnerId, orgId: group.orgId, details: { name: group.name, type: group.type } }, tx);
    const count = await tx.deviceGroupMembership.count({ where: { groupId: group.id } });
    return toGroupDto(group, count);
  });
}
