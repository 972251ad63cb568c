// POST /service-principals: a partner admin (full organization access, MFA) creates a machine
// credential for the partner API. The key is returned once; only its SHA-256 is stored.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import type { Permission } from '@/lib/auth/permissions';
import { AppError, badRequest, forbidden } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { hasFullPartnerAccess } from '@/lib/tenancy/scope';
import type { PartnerApiScope } from '@/lib/partner-api/scopes';
import { ZCreateServicePrincipal } from '@/lib/partner-api/schemas';
import { generateServicePrincipalKey } from '@/lib/partner-api/service-principal-secret';
import { toServicePrincipalDto } from '@/lib/partner-api/to-service-principal-dto';

/** The console permission a creator must hold to hand out each partner-API scope. */
const SCOPE_NEEDS: Record<PartnerApiScope, Permission> = {
  'organizations:read': 'orgs:read',
  'organizations:write': 'orgs:write',
  'sites:read': 'orgs:read',
  'sites:write': 'sites:write',
  'devices:read': 'devices:read',
  'inventory:read': 'devices:read',
  'configuration:read': 'devices:read',
  'scripts:read': 'scripts:read',
  'backup-configuration:read': 'devices:read',
  'custom-fields:read': 'devices:read',
  'enrollment-keys:write': 'devices:write',
};

export function assertPartnerAdmin(ctx: UserContext): string {
  if (ctx.scope !== 'partner' || !ctx.partnerId || !hasFullPartnerAccess(ctx)) {
    throw forbidden('Service principals are managed by partner users with access to every organization');
  }
  return ctx.partnerId;
}

/** 403 PRIVILEGE_ESCALATION when a scope needs a console permission the caller lacks. */
export function assertGrantableScopes(ctx: UserContext, scopes: readonly PartnerApiScope[]): void {
  const missing = scopes.filter((s) => !ctx.permissions.has(SCOPE_NEEDS[s]));
  if (missing.length > 0) {
    throw new AppError('PRIVILEGE_ESCALATION', 403, 'You cannot grant scopes beyond your own permissions', { missing });
  }
}

export async function createServicePrincipal(ctx: UserContext, input: z.output<typeof ZCreateServicePrincipal>) {
  const partnerId = assertPartnerAdmin(ctx);
  assertGrantableScopes(ctx, input.scopes);
  const secret = generateServicePrincipalKey();
  const row = await db.$transaction(async (tx) => {
    if (input.orgIds) {
      const found = await tx.organization.count({ where: { id: { in: input.orgIds }, partnerId, deletedAt: null } });
      if (found !== new Set(input.orgIds).size) throw badRequest('Unknown organization in orgIds', [{ path: 'body.orgIds', message: 'Every id must be an organization of your partner' }]);
    }
    const created = await tx.servicePrincipal.create({
      data: {
        partnerId,
        name: input.name,
        description: input.description ?? null,
        prefix: secret.prefix,
        secretHash: secret.hash,
        scopes: input.scopes,
        orgAccess: input.orgIds ? 'selected' : 'all',
        orgIds: input.orgIds ? [...new Set(input.orgIds)] : [],
        allowedCidrs: input.allowedCidrs,
        writeLimitPerHour: input.writeLimitPerHour,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        createdById: ctx.userId,
      },
    });
    await writeAudit(ctx, {
      action: 'service_principal.create',
      targetType: 'service_principal',
      targetId: created.id,
      partnerId,
      orgId: null,
      details: { name: created.name, prefix: created.prefix, scopes: created.scopes, expiresAt: created.expiresAt?.toISOString() ?? null, allowedCidrs: created.allowedCidrs },
    }, tx);
    return created;
  });
  return { ...toServicePrincipalDto(row), key: secret.key };
}
