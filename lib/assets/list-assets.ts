import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { assetWhere } from '@/lib/assets/get-asset-or-throw';
import { assetInclude, toAssetDto } from '@/lib/assets/to-asset-dto';
import type { ZListAssetsQuery } from '@/lib/assets/schemas';

export function assetFilters(query: Partial<z.output<typeof ZListAssetsQuery>>): Prisma.OrgAssetWhereInput[] {
  return [
    query.orgId ? { orgId: query.orgId } : {},
    query.siteId ? { siteId: query.siteId } : {},
    query.kind ? { kind: query.kind } : {},
    query.checkoutable !== undefined ? { checkoutable: query.checkoutable } : {},
    query.checkedOut === true ? { checkouts: { some: { checkedInAt: null } } } : query.checkedOut === false ? { checkouts: { none: { checkedInAt: null } } } : {},
    query.search
      ? {
          OR: [
            { name: { contains: query.search, mode: 'insensitive' } },
            { assetTag: { contains: query.search, mode: 'insensitive' } },
            { serialNumber: { contains: query.search, mode: 'insensitive' } },
          ],
        }
      : {},
  ];
}

export async function listAssets(ctx: ScopedContext, query: z.output<typeof ZListAssetsQuery>) {
  const where: Prisma.OrgAssetWhereInput = { AND: [assetWhere(ctx), ...assetFilters(query)] };
  const [rows, total] = await Promise.all([
    db.orgAsset.findMany({ where, include: assetInclude, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.orgAsset.count({ where }),
  ]);
  return pageResult(rows.map(toAssetDto), query, total);
}
