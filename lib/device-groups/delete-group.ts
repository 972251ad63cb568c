import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getGroupOrThrow } from '@/lib/device-groups/get-group-or-throw';

/** Deletes the group with its memberships, pins and log (devices are untouched). */
export async function deleteGroup(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const group = await getGroupOrThrow(ctx, id, tx);
    await tx.deviceGroup.delete({ where: { id } });
    await writeAudit(ctx, { action: 'device_group.delete', targetType: 'device_group', targetId: id, partnerId: group.partnerId, orgId: group.orgId, details: { name: group.name, type: group.type } }, tx);
  });
}
