import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { getGroupOrThrow } from '@/lib/device-groups/get-group-or-throw';
import { ZMembershipLogEntry, ZMembershipLogQuery } from '@/lib/device-groups/schemas';

export async function listMembershipLog(ctx: ActorContext, groupId: string, query: z.output<typeof ZMembershipLogQuery>) {
  await getGroupOrThrow(ctx, groupId);
  const where = { groupId, ...(query.deviceId ? { deviceId: query.deviceId } : {}), ...(query.action ? { action: query.action } : {}) };
  const [rows, total] = await Promise.all([
    db.deviceGroupMembershipLog.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(query) }),
    db.deviceGroupMembershipLog.count({ where }),
  ]);
  const hostnames = new Map(
    (await db.device.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.deviceId))] } }, select: { id: true, hostname: true } })).map((d) => [d.id, d.hostname]),
  );
  const data: z.infer<typeof ZMembershipLogEntry>[] = rows.map((r) => ({
    id: r.id,
    groupId: r.groupId,
    deviceId: r.deviceId,
    hostname: hostnames.get(r.deviceId) ?? null,
    action: r.action as 'joined' | 'left',
    reason: r.reason as z.infer<typeof ZMembershipLogEntry>['reason'],
    actorId: r.actorId,
    createdAt: r.createdAt.toISOString(),
  }));
  return pageResult(data, query, total);
}
