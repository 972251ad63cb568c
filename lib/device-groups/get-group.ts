import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { getGroupOrThrow } from '@/lib/device-groups/get-group-or-throw';
import { toGroupDto } from '@/lib/device-groups/to-group-dto';

export async function getGroup(ctx: ActorContext, id: string) {
  const group = await getGroupOrThrow(ctx, id);
  return toGroupDto(group, await db.deviceGroupMembership.count({ where: { groupId: id } }));
}
