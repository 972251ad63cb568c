// Tenancy as query predicates. Every read and write of tenant data puts one of these into its
// `where`, so lookup and authorization are one query and out-of-scope rows are simply absent.
// Building a predicate for a request's context records an authorization decision on it (the
// route wrapper's backstop, lib/tenancy/authorization-decisions.ts).
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { recordDecision } from '@/lib/tenancy/authorization-decisions';

/**
 * An id no row has. A scoped caller missing the id its scope needs (a partner caller without a
 * partner) gets a predicate on this one, which matches nothing, rather than no predicate at all.
 */
export const MATCH_NOTHING_ID = '00000000-0000-0000-0000-000000000000';

export type OrgIdPredicate = string | { in: string[] };

/** Predicate on tables that carry both partner_id and org_id columns. */
export function tenantWhere(ctx: ScopedContext): { partnerId?: string; orgId?: OrgIdPredicate } {
  recordDecision(ctx);
  switch (ctx.scope) {
    case 'system':
      return {};
    case 'organization':
      return { partnerId: ctx.partnerId ?? MATCH_NOTHING_ID, orgId: ctx.orgId ?? MATCH_NOTHING_ID };
    case 'partner':
      if (ctx.orgAccess === 'all') return { partnerId: ctx.partnerId ?? MATCH_NOTHING_ID };
      if (ctx.orgAccess === 'selected') return { partnerId: ctx.partnerId ?? MATCH_NOTHING_ID, orgId: { in: [...ctx.orgIds] } };
      return { partnerId: ctx.partnerId ?? MATCH_NOTHING_ID, orgId: { in: [] } };
  }
}

/**
 * Predicate on tables whose org_id is nullable, null meaning the row belongs to the whole
 * partner (partner libraries, partner-wide settings): the rows of the caller's organizations
 * plus the partner-wide ones.
 */
export function tenantOrPartnerWideWhere(ctx: ScopedContext): { partnerId?: string; orgId?: OrgIdPredicate; OR?: ({ orgId: null } | { orgId: OrgIdPredicate })[] } {
  const t = tenantWhere(ctx);
  if (t.orgId === undefined) return t;
  return { partnerId: t.partnerId, OR: [{ orgId: null }, { orgId: t.orgId }] };
}

/** Predicate on tables that carry only partner_id (partner-wide vocabularies, catalogs): system callers see every partner's. */
export function partnerWhere(ctx: ScopedContext): { partnerId?: string } {
  if (ctx.scope === 'system') {
    recordDecision(ctx);
    return {};
  }
  return ownPartnerWhere(ctx);
}

/** Rows of the caller's own partner only; a caller without one (system scope) matches nothing. */
export function ownPartnerWhere(ctx: ScopedContext): { partnerId: string } {
  recordDecision(ctx);
  return { partnerId: ctx.partnerId ?? MATCH_NOTHING_ID };
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
  recordDecision(ctx);
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
  recordDecision(ctx);
  return ctx.scope === 'system' || (ctx.scope === 'partner' && ctx.orgAccess === 'all');
}
