import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { ZListGroupsQuery } from '@/lib/device-groups/schemas';
import { groupWhere } from '@/lib/device-groups/group-scope';
import { toGroupDto } from '@/lib/device-groups/to-group-dto';

export async function listGroups(ctx: ActorContext, query: z.output<typeof ZListGroupsQuery>) {
  const where: Prisma.DeviceGroupWhereInput = {
    AND: [
      groupWhere(ctx),
      query.orgId ? { orgId: query.orgId } : {},
      query.type ? { type: query.type } : {},
      query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.deviceGroup.findMany({ where, include: { _count: { select: { memberships: true } } }, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.deviceGroup.count({ where }),
  ]);
  return pageResult(rows.map((g) => toGroupDto(g)), query, total);
}

