// The owner of a new record that belongs to one organization or, with orgId null, to the whole
// partner (alert settings, monitors, maintenance windows).
import type { ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { forbidden, notFound } from '@/lib/http/errors';
import { hasFullPartnerAccess, orgWhere } from '@/lib/tenancy/scope';

/**
 * `orgId` given → that organization (in scope, else 404); omitted or null → partner-wide, for
 * partner callers with full access (organization callers get their own organization). `what`
 * names the records in the refusals ("alert settings").
 */
export async function resolveRecordOwner(ctx: ScopedContext, orgId: string | null | undefined, what: string): Promise<{ partnerId: string; orgId: string | null }> {
  if (ctx.scope === 'organization') {
    if (orgId && orgId !== ctx.orgId) throw notFound('Organization');
    return { partnerId: ctx.partnerId!, orgId: ctx.orgId! };
  }
  if (orgId) {
    const org = await db.organization.findFirst({ where: { AND: [{ id: orgId }, orgWhere(ctx)] }, select: { id: true, partnerId: true } });
    if (!org) throw notFound('Organization');
    return { partnerId: org.partnerId, orgId: org.id };
  }
  if (ctx.scope === 'system') throw forbidden(`Platform callers name the organization (orgId) of ${what}`);
  if (!hasFullPartnerAccess(ctx)) throw forbidden(`Partner-wide ${what} need access to every organization; give orgId`);
  return { partnerId: ctx.partnerId!, orgId: null };
}
