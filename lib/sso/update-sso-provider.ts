import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { forbidden } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { hasFullPartnerAccess } from '@/lib/tenancy/scope';
import { getSsoProviderOrThrow } from '@/lib/sso/get-sso-provider-or-throw';
import { sealClientSecret } from '@/lib/sso/oidc-config';
import { validateSsoSettings } from '@/lib/sso/validate-sso-settings';
import { auditableSettings } from '@/lib/sso/create-sso-provider';
import { providerInclude, toSsoProviderDto } from '@/lib/sso/to-sso-provider-dto';
import { syncProviderDomains } from '@/lib/sso/sso-domains';
import type { UpdateSsoProvider } from '@/lib/sso/schemas';

/** The provider, for a change: a partner-wide one needs access to every organization. */
export async function getWritableSsoProvider(ctx: ScopedContext, id: string) {
  const row = await getSsoProviderOrThrow(ctx, id);
  if (row.orgId === null && !hasFullPartnerAccess(ctx)) throw forbidden('Changing the partner-wide SSO provider needs access to every organization');
  return row;
}

export async function updateSsoProvider(ctx: ActorContext, id: string, input: UpdateSsoProvider) {
  const current = await getWritableSsoProvider(ctx, id);
  await validateSsoSettings(current, input);
  const { clientSecret, roleMappings, emailDomains, ...plain } = input;
  const data: Prisma.SsoProviderUpdateInput = {
    ...plain,
    ...(clientSecret !== undefined ? { clientSecretSealed: sealClientSecret(clientSecret, current.id) } : {}),
    ...(roleMappings !== undefined ? { roleMappings: roleMappings as Prisma.InputJsonValue } : {}),
  };
  const row = await db.$transaction(async (tx) => {
    await tx.ssoProvider.update({ where: { id: current.id }, data });
    if (emailDomains !== undefined) await syncProviderDomains(tx, current, emailDomains);
    await writeAudit(ctx, {
      action: 'sso_provider.updated',
      targetType: 'sso_provider',
      targetId: current.id,
      partnerId: current.partnerId,
      orgId: current.orgId,
      details: auditableSettings(input),
    }, tx);
    return tx.ssoProvider.findUniqueOrThrow({ where: { id: current.id }, include: providerInclude });
  });
  return toSsoProviderDto(row);
}
