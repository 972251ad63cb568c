// GET /software/inventory: the fleet view, one row per package name and vendor with its versions
// and the number of devices having each, over the devices in the caller's scope.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import type { ListInventoryQuery, TInventoryList, TInventoryPackage } from '@/lib/software/schemas';
import { deviceFilterSql, softwareFilterSql } from '@/lib/software/inventory-filters-sql';

/** Rows a CSV export holds at most. */
export const INVENTORY_CSV_MAX_ROWS = 50_000;

const ORDER: Record<ListInventoryQuery['sort'], string> = { name: 'name', deviceCount: 'device_count', versionCount: 'version_count' };

function orderSql(q: Pick<ListInventoryQuery, 'sort' | 'sortDir'>): Prisma.Sql {
  const dir = (q.sortDir ?? (q.sort === 'name' ? 'asc' : 'desc')) === 'asc' ? 'asc' : 'desc';
  // Ties fall back to name then vendor, so pages are stable.
  return Prisma.raw(`${ORDER[q.sort]} ${dir}, name asc, vendor asc`);
}

interface PackageRow {
  name: string;
  vendor: string;
  device_count: number;
  total: number;
}

export async function listSoftwareInventory(ctx: ActorContext, q: ListInventoryQuery, opts: { all?: boolean } = {}): Promise<TInventoryList> {
  const where = softwareFilterSql(ctx, q);
  const limit = opts.all ? INVENTORY_CSV_MAX_ROWS : q.limit;
  const offset = opts.all ? 0 : (q.page - 1) * q.limit;
  const packages = await db.$queryRaw<PackageRow[]>`
    with pkgs as (
      select s.name, coalesce(s.publisher, '') as vendor, count(distinct s.device_id)::int as device_count, count(distinct s.version)::int as version_count
      from device_software s join devices d on d.id = s.device_id
      where ${where}
      group by 1, 2
    )
    select name, vendor, device_count, count(*) over ()::int as total from pkgs
    order by ${orderSql(q)} limit ${limit} offset ${offset}`;
  const [versions, devices] = await Promise.all([
    packages.length === 0
      ? Promise.resolve([] as { name: string; vendor: string; version: string | null; device_count: number }[])
      : db.$queryRaw<{ name: string; vendor: string; version: string | null; device_count: number }[]>`
          select s.name, coalesce(s.publisher, '') as vendor, s.version, count(distinct s.device_id)::int as device_count
          from device_software s join devices d on d.id = s.device_id
          where ${where} and (s.name, coalesce(s.publisher, '')) in (select * from unnest(${packages.map((p) => p.name)}::text[], ${packages.map((p) => p.vendor)}::text[]))
          group by 1, 2, 3
          order by 4 desc, 3 asc nulls last`,
    db.$queryRaw<{ n: number }[]>`select count(*)::int as n from devices d where ${deviceFilterSql(ctx, q)}`,
  ]);
  const byKey = new Map<string, TInventoryPackage>();
  const data = packages.map((p) => {
    const row: TInventoryPackage = { name: p.name, vendor: p.vendor || null, deviceCount: p.device_count, versions: [] };
    byKey.set(`${p.name}\u0000${p.vendor}`, row);
    return row;
  });
  for (const v of versions) byKey.get(`${v.name}\u0000${v.vendor}`)?.versions.push({ version: v.version, deviceCount: v.device_count });
  return { data, pagination: { page: opts.all ? 1 : q.page, limit, total: packages[0]?.total ?? (offset > 0 ? await countPackages(where) : 0) }, totalDevices: devices[0]?.n ?? 0 };
}

/** A page past the end has no rows to carry the window count. */
async function countPackages(where: Prisma.Sql): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    select count(*)::int as n from (select 1 from device_software s join devices d on d.id = s.device_id where ${where} group by s.name, coalesce(s.publisher, '')) x`;
  return row?.n ?? 0;
}
