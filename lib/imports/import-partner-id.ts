import type { ActorContext } from '@/lib/auth/context';
import { badRequest, forbidden } from '@/lib/http/errors';

/**
 * The partner an import writes into: the caller's own, or for system-scope callers the one the
 * body names (doc 3: system callers must pass `partnerId`). Creating organizations needs access
 * to every organization of the partner, as for POST /orgs/organizations.
 */
export function importPartnerId(ctx: ActorContext, bodyPartnerId: string | undefined, opts: { fullAccess: boolean }): string {
  if (ctx.scope === 'system') {
    if (!bodyPartnerId) throw badRequest('partnerId is required for system-scope callers', [{ path: 'body.partnerId', message: 'Required' }]);
    return bodyPartnerId;
  }
  if (ctx.scope !== 'partner' || !ctx.partnerId) throw forbidden('Imports need partner scope');
  if (opts.fullAccess && ctx.orgAccess !== 'all') throw forbidden('Importing organizations needs access to every organization of the partner');
  return ctx.partnerId;
}
