// Tenancy of alert configuration (rules, channels, policies): a record belongs to one
// organization, or to the whole partner when orgId is null. Partner-wide records are read by
// every partner caller and written only by callers that see every organization.
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { forbidden, notFound } from '@/lib/http/errors';
import { hasFullPartnerAccess, orgWhere, tenantOrPartnerWideWhere, tenantWhere } from '@/lib/tenancy/scope';

export type ConfigWhere = ReturnType<typeof tenantOrPartnerWideWhere>;

/**
 * Predicate for reads: the caller's organizations plus, for partner callers, the partner-wide
 * records (organization callers see their own organization's only).
 */
export function configWhere(ctx: ScopedContext): ConfigWhere {
  return ctx.scope === 'organization' ? tenantWhere(ctx) : tenantOrPartnerWideWhere(ctx);
}

/** A write may touch the record: its organization is in scope, or it is partner-wide and the caller sees everything. */
export function assertConfigWritable(ctx: ScopedContext, record: { orgId: string | null }): void {
  if (record.orgId === null && !hasFullPartnerAccess(ctx)) throw forbidden('Partner-wide alert settings need access to every organization');
}

/**
 * The owner of a new record: `orgId` given → that organization (in scope, else 404); omitted or
 * null → partner-wide (partner callers with full access; organization callers get their own).
 */
export async function resolveConfigOwner(ctx: ScopedContext, orgId: string | null | undefined): Promise<{ partnerId: string; orgId: string | null }> {
  if (ctx.scope === 'organization') {
    if (orgId && orgId !== ctx.orgId) throw notFound('Organization');
    return { partnerId: ctx.partnerId!, orgId: ctx.orgId! };
  }
  if (orgId) {
    const org = await db.organization.findFirst({ where: { AND: [{ id: orgId }, orgWhere(ctx)] }, select: { id: true, partnerId: true } });
    if (!org) throw notFound('Organization');
    return { partnerId: org.partnerId, orgId: org.id };
  }
  if (ctx.scope === 'system') throw forbidden('Platform callers name the organization (orgId) of alert settings');
  if (!hasFullPartnerAccess(ctx)) throw forbidden('Partner-wide alert settings need access to every organization; give orgId');
  return { partnerId: ctx.partnerId!, orgId: null };
}
