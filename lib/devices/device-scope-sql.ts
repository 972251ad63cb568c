// The device scope of device-scope.ts as a SQL predicate over `devices d`, for the few
// aggregate queries Prisma cannot express.
import { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';

export function deviceScopeSql(ctx: ScopedContext, opts: { includeDecommissioned?: boolean } = {}): Prisma.Sql {
  const t = tenantWhere(ctx);
  const parts: Prisma.Sql[] = [
    ...(opts.includeDecommissioned ? [] : [Prisma.sql`d.status <> 'decommissioned'`]),
    Prisma.sql`exists (select 1 from organizations o join partners p on p.id = o.partner_id where o.id = d.org_id and o.deleted_at is null and p.deleted_at is null)`,
  ];
  if (t.partnerId) parts.push(Prisma.sql`d.partner_id = ${t.partnerId}::uuid`);
  if (typeof t.orgId === 'string') parts.push(Prisma.sql`d.org_id = ${t.orgId}::uuid`);
  else if (t.orgId) parts.push(t.orgId.in.length ? Prisma.sql`d.org_id = any(${t.orgId.in}::uuid[])` : Prisma.sql`false`);
  return Prisma.join(parts, ' and ');
}
