import { randomUUID } from 'node:crypto';
import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';
import { SSO_PRESETS } from '@/lib/sso/presets';
import { sealClientSecret } from '@/lib/sso/oidc-config';
import { validateSsoSettings } from '@/lib/sso/validate-sso-settings';
import { providerInclude, toSsoProviderDto } from '@/lib/sso/to-sso-provider-dto';
import { syncProviderDomains } from '@/lib/sso/sso-domains';
import { assertSsoAllowed } from '@/lib/partners/sso-config';
import type { CreateSsoProvider } from '@/lib/sso/schemas';

/** What the audit trail keeps of a provider's settings (never the secret). */
export function auditableSettings(input: Partial<CreateSsoProvider>) {
  const { clientSecret, ...rest } = input;
  return { ...rest, ...(clientSecret !== undefined ? { clientSecret: '[changed]' } : {}) };
}

export async function createSsoProvider(ctx: ActorContext, input: CreateSsoProvider) {
  const owner = await resolveRecordOwner(ctx, input.orgId, 'SSO providers');
  await assertSsoAllowed(owner.partnerId);
  const existing = await db.ssoProvider.findFirst({ where: { partnerId: owner.partnerId, orgId: owner.orgId }, select: { id: true } });
  if (existing) {
    throw conflict(owner.orgId ? 'The organization already has an SSO provider' : 'The partner already has a partner-wide SSO provider', 'SSO_PROVIDER_EXISTS', { id: existing.id });
  }
  await validateSsoSettings(owner, input);
  const preset = SSO_PRESETS.find((p) => p.id === input.preset)!;
  const id = randomUUID();
  const row = await db.$transaction(async (tx) => {
    await tx.ssoProvider.create({
      data: {
        id,
        partnerId: owner.partnerId,
        orgId: owner.orgId,
        name: input.name,
        preset: input.preset,
        issuer: input.issuer,
        clientId: input.clientId,
        clientSecretSealed: sealClientSecret(input.clientSecret, id),
        scopes: input.scopes ?? preset.scopes,
        groupsClaim: input.groupsClaim ?? preset.groupsClaim,
        roleMappings: input.roleMappings as Prisma.InputJsonValue,
        defaultRoleId: input.defaultRoleId,
        jitProvisioning: input.jitProvisioning,
        syncRoles: input.syncRoles,
        enforceSso: input.enforceSso,
        trustIdpMfa: input.trustIdpMfa,
        enabled: input.enabled,
      },
    });
    await syncProviderDomains(tx, { id, partnerId: owner.partnerId }, input.emailDomains);
    await writeAudit(ctx, {
      action: 'sso_provider.created',
      targetType: 'sso_provider',
      targetId: id,
      partnerId: owner.partnerId,
      orgId: owner.orgId,
      details: auditableSettings(input),
    }, tx);
    return tx.ssoProvider.findUniqueOrThrow({ where: { id }, include: providerInclude });
  });
  return toSsoProviderDto(row);
}
