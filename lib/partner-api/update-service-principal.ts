// PATCH /service-principals/:id: a partner admin changes a live principal's name, scopes,
// expiry, source allowlist, write limit or organizations. The key itself never changes here.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { badRequest, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { assertGrantableScopes, assertPartnerAdmin } from '@/lib/partner-api/create-service-principal';
import { getServicePrincipalOrThrow } from '@/lib/partner-api/get-service-principal-or-throw';
import type { ZUpdateServicePrincipal } from '@/lib/partner-api/schemas';
import { servicePrincipalStatus, toServicePrincipalDto } from '@/lib/partner-api/to-service-principal-dto';

export async function updateServicePrincipal(ctx: UserContext, id: string, input: z.output<typeof ZUpdateServicePrincipal>) {
  const partnerId = assertPartnerAdmin(ctx);
  if (input.scopes) assertGrantableScopes(ctx, input.scopes);
  const row = await db.$transaction(async (tx) => {
    const current = await getServicePrincipalOrThrow(ctx, id, tx);
    if (servicePrincipalStatus(current) === 'revoked') throw conflict('The service principal is revoked', 'SERVICE_PRINCIPAL_REVOKED');
    if (input.orgIds) {
      const found = await tx.organization.count({ where: { id: { in: input.orgIds }, partnerId, deletedAt: null } });
      if (found !== new Set(input.orgIds).size) throw badRequest('Unknown organization in orgIds', [{ path: 'body.orgIds', message: 'Every id must be an organization of your partner' }]);
    }
    const updated = await tx.servicePrincipal.update({
      where: { id },
      data: {
        name: input.name,
        description: input.description,
        scopes: input.scopes,
        allowedCidrs: input.allowedCidrs,
        writeLimitPerHour: input.writeLimitPerHour,
        ...(input.expiresAt !== undefined ? { expiresAt: input.expiresAt ? new Date(input.expiresAt) : null } : {}),
        ...(input.orgIds !== undefined ? { orgAccess: input.orgIds ? 'selected' : 'all', orgIds: input.orgIds ? [...new Set(input.orgIds)] : [] } : {}),
      },
    });
    await writeAudit(ctx, {
      action: 'service_principal.update',
      targetType: 'service_principal',
      targetId: id,
      partnerId,
      orgId: null,
      details: { changed: Object.keys(input), scopes: updated.scopes, expiresAt: updated.expiresAt?.toISOString() ?? null, allowedCidrs: updated.allowedCidrs },
    }, tx);
    return updated;
  });
  return toServicePrincipalDto(row);
}
