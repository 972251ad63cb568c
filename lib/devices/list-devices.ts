// GET /devices: the legacy page/limit shape, or cursor mode with stable keyset pagination — the
// cursor holds the last row's (sort value, id), so rows added or removed while a client pages
// cause neither duplicates nor gaps among the rows that existed throughout.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { decodeCursor, encodeCursor, pageResult } from '@/lib/http/pagination';
import type { ListDevicesQuery } from '@/lib/devices/schemas';
import { deviceWhere } from '@/lib/devices/device-scope';
import { toDeviceDto } from '@/lib/devices/to-device-dto';

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

/** Rows strictly after (value, id) in the given order, nulls last. */
function after(column: SortColumn, dir: 'asc' | 'desc', raw: string | null, id: string): Prisma.DeviceWhereInput {
  const beyond = dir === 'asc' ? 'gt' : 'lt';
  if (raw === null) return { [column]: null, id: { [beyond]: id } };
  const value = column === 'hostname' ? raw : new Date(raw);
  return {
    OR: [
      { [column]: { [beyond]: value } },
      { [column]: value, id: { [beyond]: id } },
      ...(column === 'hostname' ? [] : [{ [column]: null }]),
    ],
  };
}

export async function listDevices(ctx: ScopedContext, q: ListDevicesQuery) {
  const column = SORT_COLUMNS[q.sort];
  const dir = q.sortDir ?? (q.sort === 'hostname' ? 'asc' : 'desc');
  const where = filterWhere(ctx, q);

  if (q.cursor === undefined) {
    const [rows, total] = await Promise.all([
      db.device.findMany({ where, orderBy: orderBy(column, dir), skip: (q.page - 1) * q.limit, take: q.limit }),
      db.device.count({ where }),
    ]);
    return pageResult(rows.map(toDeviceDto), { page: q.page, limit: q.limit }, total);
  }

  let position: Prisma.DeviceWhereInput = {};
  if (q.cursor !== '') {
    const c = decodeCursor(q.cursor, ZCursor);
    if (c.s !== q.sort || c.d !== dir) decodeCursor('', ZCursor); // a cursor only continues its own ordering → 400
    position = after(column, dir, c.v, c.id);
  }
  const [rows, total] = await Promise.all([
    db.device.findMany({ where: { AND: [where, position] }, orderBy: orderBy(column, dir), take: q.limit + 1 }),
    q.includeTotal ? db.device.count({ where }) : Promise.resolve(undefined),
  ]);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const lastValue = last ? (last[column] as string | Date | null) : null;
  const nextCursor =
    rows.length > q.limit && last
      ? encodeCursor({ s: q.sort, d: dir, v: lastValue instanceof Date ? lastValue.toISOString() : lastValue, id: last.id })
      : null;
  return { devices: page.map(toDeviceDto), nextCursor, limit: q.limit, ...(total !== undefined ? { total } : {}) };
}
