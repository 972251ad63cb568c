// GET /devices/management-posture/devices: the devices behind the summary, keyset-paged by id.
import { z } from 'zod';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { decodeCursor, encodeCursor } from '@/lib/http/pagination';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { postureDeviceSql } from '@/lib/posture/get-posture-summary';
import { productName } from '@/lib/posture/products';
import type { ZPostureDevicesQuery } from '@/lib/posture/schemas';

const ZCursor = z.object({ posture: z.string(), id: z.string().uuid() });

interface Row {
  id: string; hostname: string; display_name: string | null; org_id: string; site_id: string | null; status: string; os_type: string | null;
  last_seen_at: Date | null; scanned_at: Date | null;
}

export async function listPostureDevices(ctx: ActorContext, query: z.output<typeof ZPostureDevicesQuery>) {
  if (query.orgId) await getOrganizationOrThrow(ctx, query.orgId);
  const after = query.cursor ? decodeCursor(query.cursor, ZCursor).id : null;
  const filter =
    query.posture === 'never-scanned'
      ? Prisma.sql`m.device_id is null`
      : query.posture === 'stale'
        ? Prisma.sql`m.scanned_at < now() - make_interval(days => ${query.stalenessDays}::int)`
        : Prisma.sql`exists (select 1 from device_management_products p where p.device_id = d.id)`;
  const product = query.product ? Prisma.sql`and exists (select 1 from device_management_products p where p.device_id = d.id and p.product = ${query.product})` : Prisma.empty;
  const rows = await db.$queryRaw<Row[]>`
    select d.id, d.hostname, d.display_name, d.org_id, d.site_id, d.status::text as status, d.os_type::text as os_type, d.last_seen_at, m.scanned_at
    from devices d left join device_management_posture m on m.device_id = d.id
    where ${postureDeviceSql(ctx, query.orgId)} and ${filter} ${product} ${after ? Prisma.sql`and d.id > ${after}::uuid` : Prisma.empty}
    order by d.id limit ${query.limit + 1}`;
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  const products = page.length
    ? await db.deviceManagementProduct.findMany({ where: { deviceId: { in: page.map((r) => r.id) } }, orderBy: { product: 'asc' } })
    : [];
  return {
    data: {
      devices: page.map((r) => ({
        deviceId: r.id,
        hostname: r.hostname,
        displayName: r.display_name,
        orgId: r.org_id,
        siteId: r.site_id,
        status: r.status,
        osType: r.os_type,
        lastSeenAt: r.last_seen_at?.toISOString() ?? null,
        postureScannedAt: r.scanned_at?.toISOString() ?? null,
        products: products
          .filter((p) => p.deviceId === r.id)
          .map((p) => ({ product: p.product, name: productName(p.product), status: p.status as 'active' | 'installed', version: p.version })),
      })),
      nextCursor: hasMore ? encodeCursor({ posture: query.posture, id: page[page.length - 1].id }) : null,
      hasMore,
    },
  };
}
