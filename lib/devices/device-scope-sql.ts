// The device scope of device-scope.ts as a SQL predicate over `devices d`, for the few
// aggregate queries Prisma cannot express.
import { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';

export interface DeviceScopeOptions {
  includeDecommissioned?: boolean;
  /**
   * Check the device's organization and partner row by row (a subplan per device read) instead
   * of as a join. For reads that walk an index in order under a LIMIT (cursor pages): as a join,
   * a planner without statistics on the small organizations table guesses that few devices
   * survive it and sorts every device of the tenant instead; the per-row form cannot be flattened
   * (OFFSET 0) and keeps the ordered index scan whatever the statistics say. Aggregates over all
   * devices want the join (one hash of the organizations).
   */
  perRowLiveness?: boolean;
}

export function deviceScopeSql(ctx: ScopedContext, opts: DeviceScopeOptions = {}): Prisma.Sql {
  const t = tenantWhere(ctx);
  const live = Prisma.sql`select 1 from organizations o join partners p on p.id = o.partner_id where o.id = d.org_id and o.deleted_at is null and p.deleted_at is null`;
  const parts: Prisma.Sql[] = opts.includeDecommissioned ? [] : [Prisma.sql`d.status <> 'decommissioned'`];
  if (!opts.perRowLiveness) parts.push(Prisma.sql`exists (${live})`);
  else if (t.partnerId) {
    // One tenant: its partner row is checked once for the statement, and each device's
    // organization only when the partner has a deleted organization at all (one probe of a
    // partial index, evaluated once; the OR stops there for every row when it has none). The
    // per-row check was a third of the database time of a page of 500.
    parts.push(Prisma.sql`(not exists (select 1 from organizations o where o.partner_id = ${t.partnerId}::uuid and o.deleted_at is not null)
      or exists (select 1 from organizations o where o.id = d.org_id and o.deleted_at is null offset 0))`);
    parts.push(Prisma.sql`not exists (select 1 from partners p where p.id = ${t.partnerId}::uuid and p.deleted_at is not null)`);
  } else parts.push(Prisma.sql`exists (${live} offset 0)`);
  if (t.partnerId) parts.push(Prisma.sql`d.partner_id = ${t.partnerId}::uuid`);
  if (typeof t.orgId === 'string') parts.push(Prisma.sql`d.org_id = ${t.orgId}::uuid`);
  else if (t.orgId) parts.push(t.orgId.in.length ? Prisma.sql`d.org_id = any(${t.orgId.in}::uuid[])` : Prisma.sql`false`);
  return Prisma.join(parts, ' and ');
}
