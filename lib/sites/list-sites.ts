import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { ZListSitesQuery } from '@/lib/sites/schemas';
import { siteWhere, toSiteDto } from '@/lib/sites/site-scope';

export async function listSites(ctx: ActorContext, query: z.output<typeof ZListSitesQuery>) {
  const where: Prisma.SiteWhereInput = {
    AND: [
      siteWhere(ctx),
      query.orgId ? { orgId: query.orgId } : {},
      query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.site.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.site.count({ where }),
  ]);
  return pageResult(rows.map(toSiteDto), query, total);
}
