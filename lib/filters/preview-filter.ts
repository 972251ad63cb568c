// POST /filters/preview and /filters/:id/preview: the devices a rule tree matches in the caller's
// scope, a page of them by hostname and the total. Computed, never written.
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { pageResult } from '@/lib/http/pagination';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { toDeviceDto } from '@/lib/devices/to-device-dto';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import type { PreviewFilterBody, PreviewFilterQuery } from '@/lib/filters/schemas';
import { rulesSql, savedFilterSql } from '@/lib/filters/filter-devices-sql';

async function previewWhere(ctx: ActorContext, predicate: Prisma.Sql, page: PreviewFilterQuery) {
  const where = Prisma.sql`${deviceScopeSql(ctx)} and ${predicate}`;
  const [[{ total }], ids] = await Promise.all([
    db.$queryRaw<{ total: number }[]>`select count(*)::int as total from devices d where ${where}`,
    db.$queryRaw<{ id: string }[]>`select d.id from devices d where ${where} order by d.hostname, d.id limit ${page.limit} offset ${(page.page - 1) * page.limit}`,
  ]);
  const devices = ids.length ? await db.device.findMany({ where: { id: { in: ids.map((r) => r.id) } }, orderBy: [{ hostname: 'asc' }, { id: 'asc' }] }) : [];
  return pageResult(devices.map(toDeviceDto), page, total);
}

export async function previewRules(ctx: ActorContext, body: PreviewFilterBody, page: PreviewFilterQuery) {
  if (body.orgId) await getOrganizationOrThrow(ctx, body.orgId);
  return previewWhere(ctx, rulesSql(body.rules, body.orgId), page);
}

export async function previewSavedFilter(ctx: ActorContext, id: string, page: PreviewFilterQuery) {
  return previewWhere(ctx, await savedFilterSql(ctx, id), page);
}
