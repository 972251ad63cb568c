// GET /third-party-catalog: filtered by vendor, tested state, platform and a search, by name.
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import type { ListThirdPartyAppsQuery } from '@/lib/third-party-catalog/schemas';
import { devicesById, toThirdPartyAppDto } from '@/lib/third-party-catalog/to-third-party-dto';

export async function listThirdPartyApps(q: ListThirdPartyAppsQuery) {
  const contains = q.search ? { contains: q.search, mode: 'insensitive' as const } : undefined;
  const where: Prisma.ThirdPartyAppWhereInput = {
    deletedAt: null,
    ...(q.vendor ? { vendor: { equals: q.vendor, mode: 'insensitive' } } : {}),
    ...(q.serviceTested !== undefined ? { serviceTested: q.serviceTested } : {}),
    ...(q.platform ? { platforms: { has: q.platform } } : {}),
    ...(contains ? { OR: [{ name: contains }, { vendor: contains }, { category: contains }] } : {}),
  };
  const [rows, total] = await Promise.all([
    db.thirdPartyApp.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...pageArgs(q) }),
    db.thirdPartyApp.count({ where }),
  ]);
  const devices = await devicesById(db, rows.map((r) => r.testDeviceId));
  return pageResult(rows.map((r) => toThirdPartyAppDto(r, r.testDeviceId ? (devices.get(r.testDeviceId) ?? null) : null)), q, total);
}
