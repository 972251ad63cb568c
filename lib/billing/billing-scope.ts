// Which billing documents a caller sees: those of live organizations in its scope.
import type { ScopedContext } from '@/lib/auth/context';
import { badRequest, notFound } from '@/lib/http/errors';
import { orgWhere, partnerWhere, tenantWhere } from '@/lib/tenancy/scope';

export function documentWhere(ctx: ScopedContext) {
  return { ...tenantWhere(ctx), organization: orgWhere(ctx) };
}

/** Catalog items belong to a partner: partner callers see their own, system callers any. */
export function catalogWhere(ctx: ScopedContext) {
  return { deletedAt: null, ...partnerWhere(ctx) };
}

/** The partner a catalog write acts for: the caller's, or for system callers the one they name. */
export function partnerForWrite(ctx: ScopedContext, partnerId: string | undefined): string {
  if (ctx.scope === 'system') {
    if (!partnerId) throw badRequest('partnerId is required for system callers', [{ path: 'body.partnerId', message: 'Required' }]);
    return partnerId;
  }
  if (partnerId && partnerId !== ctx.partnerId) throw notFound('Partner');
  if (!ctx.partnerId) throw notFound('Partner');
  return ctx.partnerId;
}
