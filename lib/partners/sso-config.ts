// The partner's `ssoConfig`: one stored policy key a system operator sets through
// PATCH /orgs/partners/:id, and a summary read from the partner's SSO providers each time it is
// shown, so the field can never disagree with them. The providers themselves are managed at
// /sso/providers.
//   allowed  (stored, default true) whether the partner may use single sign-on at all. False:
//            its providers sign nobody in, the login page offers none, "enforce SSO" is not
//            applied (password sign-in works) and no provider can be created.
//   enabled, partnerProviderId, enforceSso, organizationProviders, domains: read-only, from the
//            providers.
import { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import { AppError } from '@/lib/http/errors';

export const ZSsoConfigPatch = z
  .object({
    allowed: z.boolean().describe('Whether the partner may use single sign-on at all (default true)'),
  })
  .partial()
  .strict()
  .describe('Only `allowed` is stored; the other keys of `ssoConfig` are read from the SSO providers and cannot be set')
  .meta({ id: 'PartnerSsoConfigPatch' });
export type SsoConfigPatch = z.output<typeof ZSsoConfigPatch>;

export const ZSsoConfig = z
  .object({
    allowed: z.boolean().describe('Set by a system operator; false: no SSO sign-in, no enforcement, no new providers'),
    enabled: z.boolean().describe('An enabled provider (partner-wide or of an organization) exists and SSO is allowed'),
    partnerProviderId: z.string().uuid().nullable().describe('The partner-wide provider (the partner’s own staff), if any'),
    enforceSso: z.boolean().describe('Password sign-in is refused for the partner’s staff'),
    organizationProviders: z.number().int().describe('Providers of the partner’s organizations'),
    domains: z
      .object({
        verified: z.array(z.string()).describe('Email domains proven through DNS: they route sign-ins'),
        pending: z.array(z.string()).describe('Claimed, awaiting their TXT record'),
      })
      .describe('The partner-wide provider’s email domains (an organization’s are on its provider, visible to those who see the organization)'),
  })
  .meta({ id: 'PartnerSsoConfig' });
export type TSsoConfig = z.infer<typeof ZSsoConfig>;

/** The stored policy; anything unrecognised reads as the default. */
export function ssoAllowed(stored: unknown): boolean {
  return !(stored && typeof stored === 'object' && (stored as { allowed?: unknown }).allowed === false);
}

/** The column value after a PATCH: null back to the defaults, else the keys sent merged in. */
export function mergeSsoConfig(stored: unknown, patch: SsoConfigPatch | null): { allowed: boolean } | null {
  if (patch === null) return null;
  return { allowed: patch.allowed ?? ssoAllowed(stored) };
}

export function emptySsoConfig(stored: unknown): TSsoConfig {
  return { allowed: ssoAllowed(stored), enabled: false, partnerProviderId: null, enforceSso: false, organizationProviders: 0, domains: { verified: [], pending: [] } };
}

/** The summaries of several partners in two queries. */
export async function loadSsoConfigs(partners: { id: string; ssoConfig: unknown }[], client: Tx | typeof db = db): Promise<Map<string, TSsoConfig>> {
  const ids = partners.map((p) => p.id);
  const out = new Map(partners.map((p) => [p.id, emptySsoConfig(p.ssoConfig)]));
  if (ids.length === 0) return out;
  const [providers, domains] = await Promise.all([
    client.ssoProvider.findMany({
      where: { partnerId: { in: ids }, OR: [{ orgId: null }, { organization: { deletedAt: null } }] },
      select: { id: true, partnerId: true, orgId: true, enabled: true, enforceSso: true },
    }),
    // The partner-wide provider's only: anyone of the partner reads this field, and an
    // organization's domains name a customer some of them may not see.
    client.ssoDomain.findMany({ where: { partnerId: { in: ids }, provider: { orgId: null } }, select: { partnerId: true, domain: true, status: true }, orderBy: { domain: 'asc' } }),
  ]);
  for (const p of providers) {
    const c = out.get(p.partnerId)!;
    if (p.orgId === null) {
      c.partnerProviderId = p.id;
      c.enforceSso = c.allowed && p.enabled && p.enforceSso;
    } else {
      c.organizationProviders += 1;
    }
    if (p.enabled && c.allowed) c.enabled = true;
  }
  for (const d of domains) out.get(d.partnerId)!.domains[d.status === 'verified' ? 'verified' : 'pending'].push(d.domain);
  return out;
}

export async function loadSsoConfig(partner: { id: string; ssoConfig: unknown }, client: Tx | typeof db = db): Promise<TSsoConfig> {
  return (await loadSsoConfigs([partner], client)).get(partner.id)!;
}

/** Refuses SSO setup for a partner a system operator has not allowed it. */
export async function assertSsoAllowed(partnerId: string): Promise<void> {
  const partner = await db.partner.findUnique({ where: { id: partnerId }, select: { ssoConfig: true } });
  if (!ssoAllowed(partner?.ssoConfig)) {
    throw new AppError('SSO_NOT_ALLOWED', 403, 'Single sign-on is not enabled for this partner; ask the service operator');
  }
}
