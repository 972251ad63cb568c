// GET /software/catalog: the packages the caller may deploy, filtered, sorted and paged.
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import type { ListCatalogQuery } from '@/lib/software/schemas';
import { catalogReadWhere } from '@/lib/software/catalog-scope';
import { packageListInclude, toCatalogPackageDto } from '@/lib/software/to-catalog-dto';

export function catalogSearchWhere(search: string | undefined): Prisma.SoftwarePackageWhereInput {
  if (!search) return {};
  const contains = { contains: search, mode: 'insensitive' as const };
  return { OR: [{ name: contains }, { vendor: contains }, { packageRef: contains }] };
}

export async function listCatalogPackages(ctx: ActorContext, q: ListCatalogQuery) {
  const where: Prisma.SoftwarePackageWhereInput = {
    AND: [
      catalogReadWhere(ctx),
      catalogSearchWhere(q.search),
      q.kind ? { kind: q.kind } : {},
      q.scope === 'system' ? { partnerId: null } : q.scope === 'partner' ? { partnerId: { not: null } } : {},
      // An empty osTypes list means any operating system.
      q.osType ? { OR: [{ osTypes: { has: q.osType } }, { osTypes: { isEmpty: true } }] } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.softwarePackage.findMany({ where, include: packageListInclude, orderBy: [{ [q.sort]: q.sortDir }, { id: 'asc' }], skip: (q.page - 1) * q.limit, take: q.limit }),
    db.softwarePackage.count({ where }),
  ]);
  return { data: rows.map(toCatalogPackageDto), pagination: { page: q.page, limit: q.limit, total } };
}
