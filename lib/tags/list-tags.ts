import { z } from 'zod';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { ZListTagsQuery } from '@/lib/tags/schemas';

/** GET /tags: every tag on devices in scope, with how many devices carry it. */
export async function listTags(ctx: ActorContext, query: z.output<typeof ZListTagsQuery>) {
  const org = query.orgId ? Prisma.sql`and d.org_id = ${query.orgId}::uuid` : Prisma.empty;
  const search = query.search ? Prisma.sql`and t.tag ilike ${`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'` : Prisma.empty;
  const rows = await db.$queryRaw<{ tag: string; device_count: number }[]>`
    select t.tag, count(*)::int as device_count
    from devices d cross join lateral unnest(d.tags) as t(tag)
    where ${deviceScopeSql(ctx)} ${org} ${search}
    group by t.tag order by t.tag`;
  return { data: rows.map((r) => ({ tag: r.tag, deviceCount: r.device_count })) };
}
