// GET /software/inventory/devices: the devices having one package (the fleet view's drill-down).
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import type { ListPackageDevicesQuery, TPackageDevice } from '@/lib/software/schemas';
import { softwareFilterSql } from '@/lib/software/inventory-filters-sql';

interface Row {
  software_id: string;
  device_id: string;
  hostname: string;
  display_name: string | null;
  org_id: string;
  site_id: string | null;
  os_type: TPackageDevice['osType'];
  status: string;
  version: string | null;
  publisher: string | null;
  total: number;
}

export async function listPackageDevices(ctx: ActorContext, q: ListPackageDevicesQuery) {
  const parts = [softwareFilterSql(ctx, q)];
  if (q.vendor !== undefined) parts.push(Prisma.sql`coalesce(s.publisher, '') = ${q.vendor}`);
  const rows = await db.$queryRaw<Row[]>`
    select s.id as software_id, d.id as device_id, d.hostname, d.display_name, d.org_id, d.site_id, d.os_type::text as os_type, d.status::text as status,
      s.version, s.publisher, count(*) over ()::int as total
    from device_software s join devices d on d.id = s.device_id
    where ${Prisma.join(parts, ' and ')}
    order by d.hostname asc, d.id asc, s.id asc
    limit ${q.limit} offset ${(q.page - 1) * q.limit}`;
  return {
    data: rows.map((r) => ({
      softwareId: r.software_id,
      deviceId: r.device_id,
      hostname: r.hostname,
      displayName: r.display_name,
      orgId: r.org_id,
      siteId: r.site_id,
      osType: r.os_type,
      status: r.status,
      version: r.version,
      vendor: r.publisher,
    })),
    pagination: { page: q.page, limit: q.limit, total: rows[0]?.total ?? 0 },
  };
}
