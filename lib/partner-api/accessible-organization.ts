import type { Tx } from '@/lib/db';
import type { ServicePrincipalContext } from '@/lib/auth/context';
import { forbidden } from '@/lib/http/errors';
import { orgInScope } from '@/lib/tenancy/scope';

/** An organization the principal may write into; doc 3 answers 403 (not 404) otherwise. */
export async function accessibleOrganizationOrThrow(ctx: ServicePrincipalContext, orgId: string, tx: Tx) {
  const inAccess = orgInScope(ctx, { id: orgId, partnerId: ctx.partnerId });
  const org = inAccess ? await tx.organization.findFirst({ where: { id: orgId, partnerId: ctx.partnerId, deletedAt: null } }) : null;
  if (!org) throw forbidden('This organization is not accessible to the service principal');
  return org;
}
