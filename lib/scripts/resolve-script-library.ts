// The library a new script goes to: one organization's (availability org, the default) or the
// partner's (availability partner, which needs access to every organization of the partner).
import type { Tx } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { badRequest, notFound } from '@/lib/http/errors';
import { resolvePlacement } from '@/lib/devices/resolve-placement';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { assertMayWriteLibrary, libraryKeyOf } from '@/lib/scripts/script-scope';

export interface ScriptLibrary {
  partnerId: string;
  orgId: string | null;
  libraryKey: string;
}

export async function resolveScriptLibrary(
  tx: Tx,
  ctx: ScopedContext,
  input: { availability: 'org' | 'partner'; orgId?: string; partnerId?: string },
): Promise<ScriptLibrary> {
  if (input.availability === 'org') {
    const { org } = await resolvePlacement(tx, ctx, input.orgId, undefined);
    return { partnerId: org.partnerId, orgId: org.id, libraryKey: libraryKeyOf(org.id) };
  }
  assertMayWriteLibrary(ctx, null);
  let partnerId = ctx.scope === 'system' ? input.partnerId : ctx.partnerId;
  if (ctx.scope === 'system' && !partnerId && input.orgId) partnerId = (await getOrganizationOrThrow(ctx, input.orgId, tx)).partnerId;
  if (!partnerId) throw badRequest('partnerId is required for a partner-library script created by a platform admin', [{ path: 'body.partnerId', message: 'Required' }]);
  const partner = await tx.partner.findFirst({ where: { id: partnerId, deletedAt: null }, select: { id: true } });
  if (!partner) throw notFound('Partner');
  return { partnerId, orgId: null, libraryKey: libraryKeyOf(null) };
}

/** The partner whose category and tag vocabulary a caller uses. */
export function vocabularyPartner(ctx: ScopedContext, partnerId: string | undefined): string {
  if (ctx.scope !== 'system') return ctx.partnerId!;
  if (!partnerId) throw badRequest('partnerId is required for platform admins', [{ path: 'partnerId', message: 'Required' }]);
  return partnerId;
}
