// The caller's tenancy as a SQL predicate over a row alias of a table carrying partner_id and
// org_id (alerts, tickets), for the aggregate statements Prisma cannot express. Rows of deleted
// organizations or partners are left out, as the list endpoints leave them out.
import { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';

export function rowScopeSql(ctx: ScopedContext, alias: 'x'): Prisma.Sql {
  const t = tenantWhere(ctx);
  const a = Prisma.raw(alias);
  const parts = [Prisma.sql`exists (select 1 from organizations o join partners p on p.id = o.partner_id where o.id = ${a}.org_id and o.deleted_at is null and p.deleted_at is null)`];
  if (t.partnerId) parts.push(Prisma.sql`${a}.partner_id = ${t.partnerId}::uuid`);
  if (typeof t.orgId === 'string') parts.push(Prisma.sql`${a}.org_id = ${t.orgId}::uuid`);
  else if (t.orgId) parts.push(t.orgId.in.length ? Prisma.sql`${a}.org_id = any(${t.orgId.in}::uuid[])` : Prisma.sql`false`);
  return Prisma.join(parts, ' and ');
}
