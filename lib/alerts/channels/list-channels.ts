import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { configWhere } from '@/lib/alerts/config-scope';
import type { ZListChannelsQuery } from '@/lib/alerts/channels/schemas';
import { toChannelDto } from '@/lib/alerts/channels/to-channel-dto';

export async function listChannels(ctx: ScopedContext, q: z.output<typeof ZListChannelsQuery>) {
  const where: Prisma.AlertChannelWhereInput = { AND: [configWhere(ctx), ...(q.orgId ? [{ orgId: q.orgId }] : []), ...(q.kind ? [{ kind: q.kind }] : [])] };
  const [rows, total] = await Promise.all([
    db.alertChannel.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...pageArgs(q) }),
    db.alertChannel.count({ where }),
  ]);
  return pageResult(rows.map(toChannelDto), q, total);
}
