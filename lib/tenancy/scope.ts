// Tenancy as query predicates. Every read and write of tenant data puts one of these into its
// `where`, so lookup and authorization are one query and out-of-scope rows are simply absent.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';

const NOTHING = '00000000-0000-0000-0000-000000000000';

/** Predicate on tables that carry both partner_id and org_id columns. */
export function tenantWhere(ctx: ScopedContext): { partnerId?: string; orgId?: string | { in: string[] } } {
  switch (ctx.scope) {
    case 'system':
      return {};
    case 'organization':
      return { partnerId: ctx.partnerId ?? NOTHING, orgId: ctx.orgId ?? NOTHING };
    case 'partner':
      if (ctx.orgAccess === 'all') return { partnerId: ctx.partnerId ?? NOTHING };
      if (ctx.orgAccess === 'selected') return { partnerId: ctx.partnerId ?? NOTHING, orgId: { in: [...ctx.orgIds] } };
      return { partnerId: ctx.partnerId ?? NOTHING, orgId: { in: [] } };
  }
}

/** Organizations the caller can see (soft-deleted ones excluded). */
export function orgWhere(ctx: ScopedContext): Prisma.OrganizationWhereInput {
  const t = tenantWhere(ctx);
  return {
    deletedAt: null,
    partner: { deletedAt: null },
    ...(t.partnerId ? { partnerId: t.partnerId } : {}),
    ...(t.orgId ? { id: t.orgId } : {}),
  };
}

/** Whether the caller sees the given organization (for ids supplied in bodies or queries). */
export function orgInScope(ctx: ScopedContext, org: { id: string; partnerId: string }): boolean {
  switch (ctx.scope) {
    case 'system':
      return true;
    case 'organization':
      return org.id === ctx.orgId;
    case 'partner':
      if (org.partnerId !== ctx.partnerId) return false;
      if (ctx.orgAccess === 'all') return true;
      if (ctx.orgAccess === 'selected') return ctx.orgIds.includes(org.id);
      return false;
  }
}

/** True when the caller sees every organization of its partner (or everything). */
export function hasFullPartnerAccess(ctx: ScopedContext): boolean {
  return ctx.scope === 'system' || (ctx.scope === 'partner' && ctx.orgAccess === 'all');
}
