// The provider a sign-in uses, from the tenant named in the URL: an organization's own
// provider, else its partner's partner-wide one; a partner id names the partner-wide one.
// Deleted tenants, inactive partners and partners an operator has not allowed SSO (`ssoConfig`)
// have none. Nothing here says whether an id exists.
import { db } from '@/lib/db';
import type { SsoProvider } from '@/lib/generated/prisma/client';
import { ssoAllowed } from '@/lib/partners/sso-config';

const ACTIVE_PARTNER = { deletedAt: null, status: 'active' as const };

export async function findTenantProvider(tenantId: string): Promise<SsoProvider | null> {
  const org = await db.organization.findFirst({
    where: { id: tenantId, deletedAt: null, partner: ACTIVE_PARTNER },
    select: { id: true, partnerId: true, partner: { select: { ssoConfig: true } } },
  });
  const partner = org ? { id: org.partnerId, ssoConfig: org.partner.ssoConfig } : await db.partner.findFirst({ where: { id: tenantId, ...ACTIVE_PARTNER }, select: { id: true, ssoConfig: true } });
  if (!partner || !ssoAllowed(partner.ssoConfig)) return null;
  const partnerId = partner.id;
  const rows = await db.ssoProvider.findMany({ where: { partnerId, enabled: true, OR: [{ orgId: null }, ...(org ? [{ orgId: org.id }] : [])] } });
  return rows.find((r) => r.orgId !== null) ?? rows.find((r) => r.orgId === null) ?? null;
}

/** The enabled provider that has verified the domain of an address (or a bare domain). */
export async function findDomainProvider(emailOrDomain: string): Promise<SsoProvider | null> {
  const domain = emailOrDomain.toLowerCase().split('@').pop()?.trim();
  if (!domain) return null;
  // Pending claims route nothing: anyone can type any domain into their provider's settings.
  const claim = await db.ssoDomain.findFirst({
    where: {
      domain,
      status: 'verified',
      provider: { enabled: true, partner: ACTIVE_PARTNER, OR: [{ orgId: null }, { organization: { deletedAt: null } }] },
    },
    include: { provider: { include: { partner: { select: { ssoConfig: true } } } } },
  });
  if (!claim || !ssoAllowed(claim.provider.partner.ssoConfig)) return null;
  const { partner: _partner, ...provider } = claim.provider;
  return provider;
}
