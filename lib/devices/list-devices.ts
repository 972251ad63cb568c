// GET /devices: the legacy page/limit shape, or cursor mode with stable keyset pagination — the
// cursor holds the last row's (sort value, id), so rows added or removed while a client pages
// cause neither duplicates nor gaps among the rows that existed throughout.
import { z } from 'zod';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { savedFilterSql } from '@/lib/filters/filter-devices-sql';
import { decodeCursor, encodeCursor, pageResult } from '@/lib/http/pagination';
import { RawJson } from '@/lib/http/raw-json';
import type { ListDevicesQuery } from '@/lib/devices/schemas';
import { deviceWhere } from '@/lib/devices/device-scope';
import { toDeviceDto } from '@/lib/devices/to-device-dto';
import { countDevices, deviceFilterSql, devicePageSql, readDevicePage, type DevicePosition } from '@/lib/devices/list-devices-by-cursor';

const SORT_COLUMNS = { hostname: 'hostname', lastSeen: 'lastSeenAt', enrolled: 'enrolledAt' } as const;
type SortColumn = (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS];

const ZCursor = z.object({ s: z.enum(['hostname', 'lastSeen', 'enrolled']), d: z.enum(['asc', 'desc']), v: z.string().nullable(), id: z.string().uuid() });

export function filterWhere(ctx: ScopedContext, q: ListDevicesQuery): Prisma.DeviceWhereInput {
  const orgIds = [...(q.orgIds ?? []), ...(q.orgId ? [q.orgId] : [])];
  return {
    AND: [
      deviceWhere(ctx, { includeDecommissioned: q.includeDecommissioned }),
      orgIds.length ? { orgId: { in: orgIds } } : {},
      q.siteIds?.length ? { siteId: { in: q.siteIds } } : {},
      q.groupIds?.length ? { memberships: { some: { groupId: { in: q.groupIds } } } } : {},
      q.status ? { status: q.status } : {},
      q.osType ? { osType: q.osType } : {},
      q.tag ? { tags: { has: q.tag } } : {},
      q.search
        ? { OR: [{ hostname: { contains: q.search, mode: 'insensitive' } }, { displayName: { contains: q.search, mode: 'insensitive' } }] }
        : {},
    ],
  };
}

function orderBy(column: SortColumn, dir: 'asc' | 'desc'): Prisma.DeviceOrderByWithRelationInput[] {
  const first = column === 'hostname' ? { hostname: dir } : { [column]: { sort: dir, nulls: 'last' } };
  return [first as Prisma.DeviceOrderByWithRelationInput, { id: dir }];
}

/**
 * Page mode with a saved filter: the filter is SQL (lib/device-filters), so the page is read in
 * SQL too, in the page mode's order, then loaded as rows.
 */
async function listFilteredPage(ctx: ScopedContext, q: ListDevicesQuery, savedFilter: Prisma.Sql, dir: 'asc' | 'desc') {
  const where = deviceFilterSql(ctx, q, { savedFilter });
  const col = Prisma.raw(FILTERED_SORT_SQL[q.sort]);
  const way = Prisma.raw(dir);
  const [ids, total] = await Promise.all([
    db.$queryRaw<{ id: string }[]>`select d.id from devices d where ${where} order by ${col} ${way} nulls last, d.id ${way} limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    countDevices(where),
  ]);
  const rows = await db.device.findMany({ where: { id: { in: ids.map((r) => r.id) } } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return pageResult(ids.flatMap((r) => (byId.has(r.id) ? [toDeviceDto(byId.get(r.id)!)] : [])), { page: q.page, limit: q.limit }, total);
}

const FILTERED_SORT_SQL = { hostname: 'd.hostname', lastSeen: 'd.last_seen_at', enrolled: 'd.enrolled_at' } as const;

export async function listDevices(ctx: ActorContext, q: ListDevicesQuery) {
  const column = SORT_COLUMNS[q.sort];
  const dir = q.sortDir ?? (q.sort === 'hostname' ? 'asc' : 'desc');
  const where = filterWhere(ctx, q);
  const savedFilter = q.filterId ? await savedFilterSql(ctx, q.filterId) : undefined;

  if (q.cursor === undefined && savedFilter) return listFilteredPage(ctx, q, savedFilter, dir);
  if (q.cursor === undefined) {
    const [rows, total] = await Promise.all([
      db.device.findMany({ where, orderBy: orderBy(column, dir), skip: (q.page - 1) * q.limit, take: q.limit }),
      db.device.count({ where }),
    ]);
    return pageResult(rows.map(toDeviceDto), { page: q.page, limit: q.limit }, total);
  }

  let position: DevicePosition | null = null;
  if (q.cursor !== '') {
    const c = decodeCursor(q.cursor, ZCursor);
    if (c.s !== q.sort || c.d !== dir) decodeCursor('', ZCursor); // a cursor only continues its own ordering → 400
    position = { value: c.v, id: c.id };
  }
  const [rows, total] = await Promise.all([
    readDevicePage(devicePageSql(deviceFilterSql(ctx, q, { perRowLiveness: true, savedFilter }), q.sort, dir, q.limit, position)),
    q.includeTotal ? countDevices(deviceFilterSql(ctx, q, { savedFilter })) : Promise.resolve(undefined),
  ]);
  const page = rows.length > q.limit ? rows.slice(0, q.limit) : rows;
  const last = page[page.length - 1];
  const nextCursor = rows.length > q.limit && last ? encodeCursor({ s: q.sort, d: dir, v: last.value, id: last.id }) : null;
  // ZDeviceCursorPage, with the devices already serialised by the database
  const parts = ['{"devices":['];
  for (const [i, row] of page.entries()) {
    if (i) parts.push(',');
    parts.push(row.json);
  }
  parts.push(`],"nextCursor":${JSON.stringify(nextCursor)},"limit":${q.limit}${total !== undefined ? `,"total":${total}` : ''}}`);
  return RawJson.fromParts(parts);
}
