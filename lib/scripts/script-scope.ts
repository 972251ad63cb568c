// Which scripts a caller sees: its organizations' libraries plus its partner's library.
// Partner-library scripts are readable by every caller of the partner (organization users run
// them on their own devices) but written only by callers with access to every organization.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { forbidden } from '@/lib/http/errors';
import { hasFullPartnerAccess, tenantOrPartnerWideWhere } from '@/lib/tenancy/scope';

export const PARTNER_LIBRARY = 'partner';

export function scriptWhere(ctx: ScopedContext): Prisma.ScriptWhereInput {
  const live: Prisma.ScriptWhereInput = { partner: { deletedAt: null }, OR: [{ orgId: null }, { organization: { deletedAt: null } }] };
  return { AND: [live, tenantOrPartnerWideWhere(ctx)] };
}

export function libraryKeyOf(orgId: string | null): string {
  return orgId ?? PARTNER_LIBRARY;
}

/** Partner-library writes need access to every organization of the partner (doc 3). */
export function assertMayWriteLibrary(ctx: ScopedContext, orgId: string | null): void {
  if (orgId === null && !hasFullPartnerAccess(ctx)) {
    throw forbidden('The partner library is written only by users with access to every organization of the partner');
  }
}
