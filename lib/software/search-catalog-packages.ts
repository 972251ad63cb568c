// GET /software/catalog/search: a quick lookup for pickers; names starting with the text first.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { catalogReadWhere } from '@/lib/software/catalog-scope';
import { catalogSearchWhere } from '@/lib/software/list-catalog-packages';
import { packageListInclude, toCatalogPackageDto } from '@/lib/software/to-catalog-dto';

export async function searchCatalogPackages(ctx: ActorContext, q: { q: string; kind?: 'package_manager' | 'installer'; limit: number }) {
  const base = { AND: [catalogReadWhere(ctx), q.kind ? { kind: q.kind } : {}] };
  const prefix = await db.softwarePackage.findMany({
    where: { AND: [base, { name: { startsWith: q.q, mode: 'insensitive' } }] },
    include: packageListInclude,
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: q.limit,
  });
  const rest =
    prefix.length < q.limit
      ? await db.softwarePackage.findMany({
          where: { AND: [base, catalogSearchWhere(q.q), { id: { notIn: prefix.map((p) => p.id) } }] },
          include: packageListInclude,
          orderBy: [{ name: 'asc' }, { id: 'asc' }],
          take: q.limit - prefix.length,
        })
      : [];
  return { data: [...prefix, ...rest].map(toCatalogPackageDto) };
}
