// The filters shared by the fleet inventory reads, as SQL over `device_software s join devices d`:
// the caller's device scope (lib/devices/device-scope-sql.ts) plus organization, site and OS.
import { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { tenantWhere } from '@/lib/tenancy/scope';

export interface DeviceFilters {
  orgId?: string;
  siteId?: string;
  osType?: string;
}

/** Predicate on devices `d` in scope matching the placement and OS filters. */
export function deviceFilterSql(ctx: ScopedContext, f: DeviceFilters): Prisma.Sql {
  const parts = [deviceScopeSql(ctx)];
  if (f.orgId) parts.push(Prisma.sql`d.org_id = ${f.orgId}::uuid`);
  if (f.siteId) parts.push(Prisma.sql`d.site_id = ${f.siteId}::uuid`);
  if (f.osType) parts.push(Prisma.sql`d.os_type = ${f.osType}::"OsType"`);
  return Prisma.join(parts, ' and ');
}

/** The same over installations `s` of those devices; the partner column lets the (partner_id, name) index serve. */
export function softwareFilterSql(ctx: ScopedContext, f: DeviceFilters & { search?: string; version?: string; name?: string }): Prisma.Sql {
  const parts = [deviceFilterSql(ctx, f)];
  const { partnerId } = tenantWhere(ctx);
  if (partnerId) parts.push(Prisma.sql`s.partner_id = ${partnerId}::uuid`);
  if (f.name !== undefined) parts.push(Prisma.sql`s.name = ${f.name}`);
  if (f.version) parts.push(Prisma.sql`s.version = ${f.version}`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(Prisma.sql`(s.name ilike ${like} or s.publisher ilike ${like})`);
  }
  return Prisma.join(parts, ' and ');
}
