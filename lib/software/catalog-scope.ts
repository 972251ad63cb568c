// Who sees and who writes catalog entries. A partner's entries are its own; system entries
// (partner_id null) are visible to every partner and written only by system operators.
import type { Prisma, SoftwarePackage } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { forbidden } from '@/lib/http/errors';
import { partnerWhere } from '@/lib/tenancy/scope';

/** Live packages the caller may read: its partner's and the system ones (system callers: all). */
export function catalogReadWhere(ctx: ScopedContext): Prisma.SoftwarePackageWhereInput {
  const own = partnerWhere(ctx);
  return { deletedAt: null, ...(own.partnerId ? { OR: [{ partnerId: own.partnerId }, { partnerId: null }] } : {}) };
}

/** The owner a new package gets: the caller's partner, or none (system) for a system operator. */
export function catalogOwner(ctx: ScopedContext): string | null {
  return ctx.scope === 'system' ? null : ctx.partnerId;
}

/** A system entry is read-only below system scope (403: the caller can see it, so no secret is kept). */
export function assertCatalogWritable(ctx: ScopedContext, pkg: Pick<SoftwarePackage, 'partnerId'>): void {
  if (pkg.partnerId === null && ctx.scope !== 'system') throw forbidden('System catalog entries are managed by system operators only', 'SYSTEM_CATALOG_READ_ONLY');
}
