import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { apiKeyInclude, apiKeyWhere, statusWhere } from '@/lib/api-keys/api-key-scope';
import { toApiKeyDto } from '@/lib/api-keys/to-api-key-dto';
import { ZListApiKeysQuery } from '@/lib/api-keys/schemas';

export async function listApiKeys(ctx: ActorContext, query: z.output<typeof ZListApiKeysQuery>) {
  const where: Prisma.ApiKeyWhereInput = {
    AND: [
      apiKeyWhere(ctx),
      query.mine ? { userId: ctx.userId } : {},
      query.userId ? { userId: query.userId } : {},
      query.status ? statusWhere(query.status) : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.apiKey.findMany({ where, include: apiKeyInclude, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(query) }),
    db.apiKey.count({ where }),
  ]);
  return pageResult(rows.map(toApiKeyDto), query, total);
}
