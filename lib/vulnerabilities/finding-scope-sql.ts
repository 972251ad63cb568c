// The findings a caller may see, as SQL over `vulnerability_findings f join devices d`: the
// device scope (tenancy, live organizations, not decommissioned) plus the common filters.
import { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { deviceScopeSql } from '@/lib/devices/device-scope-sql';
import { tenantWhere } from '@/lib/tenancy/scope';

export const FINDINGS_FROM = Prisma.sql`vulnerability_findings f join devices d on d.id = f.device_id`;

export function findingScopeSql(ctx: ScopedContext, f: { orgId?: string; status?: string; statusNot?: string; search?: string }): Prisma.Sql {
  const parts = [deviceScopeSql(ctx)];
  const { partnerId } = tenantWhere(ctx);
  // The findings' own partner column lets their (partner_id, status, cve_id) index serve.
  if (partnerId) parts.push(Prisma.sql`f.partner_id = ${partnerId}::uuid`);
  if (f.orgId) parts.push(Prisma.sql`f.org_id = ${f.orgId}::uuid`);
  if (f.status) parts.push(Prisma.sql`f.status = ${f.status}::"VulnerabilityFindingStatus"`);
  if (f.statusNot) parts.push(Prisma.sql`f.status <> ${f.statusNot}::"VulnerabilityFindingStatus"`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(Prisma.sql`(f.cve_id ilike ${like} or f.package_name ilike ${like})`);
  }
  return Prisma.join(parts, ' and ');
}

/** An update of the finding's package found on its device by a patch scan (not yet installed). */
export const PATCH_FOUND_SQL = Prisma.sql`exists (select 1 from device_patches dp join patches p on p.id = dp.patch_id
  where dp.device_id = f.device_id and p.name = f.package_name and dp.status in ('available', 'failed'))`;
