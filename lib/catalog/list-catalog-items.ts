import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { catalogWhere } from '@/lib/billing/billing-scope';
import { catalogInclude, toCatalogItemDto } from '@/lib/catalog/to-catalog-item-dto';
import type { ZListCatalogQuery } from '@/lib/catalog/schemas';

export async function listCatalogItems(ctx: ScopedContext, query: z.output<typeof ZListCatalogQuery>) {
  const where: Prisma.CatalogItemWhereInput = {
    AND: [
      catalogWhere(ctx),
      query.partnerId ? { partnerId: query.partnerId } : {},
      query.type ? { type: query.type } : {},
      query.active !== undefined ? { active: query.active } : {},
      query.search ? { OR: [{ name: { contains: query.search, mode: 'insensitive' } }, { sku: { contains: query.search, mode: 'insensitive' } }] } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.catalogItem.findMany({ where, include: catalogInclude, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.catalogItem.count({ where }),
  ]);
  return pageResult(rows.map(toCatalogItemDto), query, total);
}
