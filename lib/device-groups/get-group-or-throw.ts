import { db, type DbOrTx } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { AppError, notFound } from '@/lib/http/errors';
import { groupWhere } from '@/lib/device-groups/group-scope';

export async function getGroupOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db) {
  const group = await client.deviceGroup.findFirst({ where: { AND: [{ id }, groupWhere(ctx)] } });
  if (!group) throw notFound('Device group');
  return group;
}

export function assertGroupType(group: { type: string }, type: 'static' | 'dynamic'): void {
  if (group.type === type) return;
  if (type === 'static') {
    throw new AppError('GROUP_IS_DYNAMIC', 409, 'Membership of a dynamic group follows its rules: pin the device (include or exclude) instead');
  }
  throw new AppError('GROUP_NOT_DYNAMIC', 409, 'Pins apply to dynamic groups only; add or remove the device instead');
}
