// The partner a distributor request acts for. Partner callers act for their own partner; system
// callers must name one (`partnerId`). Organization-scoped callers never get here (the routes
// admit partner and system scope only), but are refused here too as a backstop.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError, forbidden, notFound } from '@/lib/http/errors';
import { MATCH_NOTHING_ID, partnerWhere as tenancyPartnerWhere } from '@/lib/tenancy/scope';

export async function resolveDistributorPartner(ctx: ActorContext, partnerId: string | undefined): Promise<string> {
  if (ctx.scope === 'organization') throw forbidden('Distributor routes need partner or system scope');
  if (ctx.scope === 'partner') {
    if (!ctx.partnerId || (partnerId && partnerId !== ctx.partnerId)) throw notFound('Partner');
    return ctx.partnerId;
  }
  if (!partnerId) throw new AppError('PARTNER_ID_REQUIRED', 400, 'System callers must give partnerId', [{ path: 'partnerId', message: 'Required in system scope' }]);
  const partner = await db.partner.findFirst({ where: { id: partnerId, deletedAt: null }, select: { id: true } });
  if (!partner) throw notFound('Partner');
  return partner.id;
}

/** Partner predicate for rows reached by their own id (integration, company): system sees all. */
export function partnerWhere(ctx: ActorContext): { partnerId?: string } {
  const own = tenancyPartnerWhere(ctx);
  // Organization callers never reach distributor rows.
  return ctx.scope === 'organization' ? { partnerId: MATCH_NOTHING_ID } : own;
}
