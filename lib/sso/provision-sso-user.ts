// Who an ID token signs in. In order: the account already linked to this provider's subject;
// an existing account with the same address, only when the address is in a domain the
// provider's partner has proven it owns (DNS), the provider does not deny having verified it
// (`email_verified: false`), and the account belongs to the provider's tenant (or to no tenant
// yet); otherwise a new account (just-in-time), with the role the groups claim maps to. With
// role mappings and `syncRoles`, a returning user's role follows the groups claim too.
import type { Tx } from '@/lib/db';
import type { SsoProvider } from '@/lib/generated/prisma/client';
import { principalFromUser, principalInclude, type Principal, type UserWithMemberships } from '@/lib/auth/load-principal';
import { roleMappingsOf } from '@/lib/sso/to-sso-provider-dto';
import { domainOf, isVerifiedDomain } from '@/lib/sso/sso-domains';
import { guardPartnerAdmins } from '@/lib/users/partner-admin-guard';
import { logger } from '@/lib/observability/logger';
import { AppError } from '@/lib/http/errors';

export class SsoRefusal extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

export interface IdTokenClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  preferred_username?: unknown;
  [claim: string]: unknown;
}

function groupsOf(claims: IdTokenClaims, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The role for a new user: the first mapping whose group the token carries, else the default. */
export function mappedRoleId(provider: Pick<SsoProvider, 'roleMappings' | 'defaultRoleId' | 'groupsClaim'>, claims: IdTokenClaims): string | null {
  const groups = new Set(groupsOf(claims, provider.groupsClaim));
  return roleMappingsOf(provider.roleMappings).find((m) => groups.has(m.group))?.roleId ?? provider.defaultRoleId;
}

function inProviderTenant(user: UserWithMemberships, provider: SsoProvider): boolean {
  if (provider.orgId === null) return user.partnerMembership?.partnerId === provider.partnerId;
  return user.organizationMembership?.orgId === provider.orgId;
}

async function addMembership(tx: Tx, provider: SsoProvider, userId: string, roleId: string) {
  if (provider.orgId === null) {
    // A partner's IdP signs in its own staff; which organizations they see is then managed in the console.
    await tx.partnerUser.create({ data: { partnerId: provider.partnerId, userId, roleId, orgAccess: 'all' } });
  } else {
    await tx.organizationUser.create({ data: { orgId: provider.orgId, userId, roleId } });
  }
}

export interface RoleChange {
  from: string | null;
  to: string;
}

export interface Provisioned {
  principal: Principal;
  created: boolean;
  linked: boolean;
  /** Set when this sign-in changed the user's role from the groups claim. */
  roleChange: RoleChange | null;
}

/** Whether the groups claim decides the role on every sign-in. */
export function syncsRoles(provider: Pick<SsoProvider, 'syncRoles' | 'roleMappings'>): boolean {
  return provider.syncRoles && roleMappingsOf(provider.roleMappings).length > 0;
}

/**
 * Re-applies the group mapping to a returning member: the role the claim maps to (else the
 * default role) replaces the current one. A member the mapping gives no role is refused, as a
 * new user would be: the identity provider, not an earlier sign-in, decides.
 */
async function syncRole(tx: Tx, provider: SsoProvider, user: UserWithMemberships, claims: IdTokenClaims): Promise<RoleChange | null> {
  if (!syncsRoles(provider)) return null;
  const roleId = mappedRoleId(provider, claims);
  if (!roleId) throw new SsoRefusal('SSO_NO_ROLE', 'None of your groups is mapped to a role any more; ask your administrator');
  if (provider.orgId === null) {
    const from = user.partnerMembership!.roleId;
    if (from === roleId) return null;
    // As everywhere else, the partner keeps an active Partner Admin: the last one keeps the role
    // whatever the groups say (the partner's row is locked so two sign-ins cannot both demote).
    const guard = await guardPartnerAdmins(tx, provider.partnerId);
    await tx.partnerUser.update({ where: { userId: user.id }, data: { roleId } });
    try {
      await guard.check();
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'LAST_PARTNER_ADMIN')) throw error;
      await tx.partnerUser.update({ where: { userId: user.id }, data: { roleId: from } });
      logger.warn({ providerId: provider.id, userId: user.id }, 'sso role sync kept the last Partner Admin');
      return null;
    }
    return { from, to: roleId };
  }
  const from = user.organizationMembership!.roleId;
  if (from === roleId) return null;
  await tx.organizationUser.update({ where: { userId: user.id }, data: { roleId } });
  return { from, to: roleId };
}

export async function provisionSsoUser(tx: Tx, provider: SsoProvider, claims: IdTokenClaims): Promise<Provisioned> {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const emailVerified = claims.email_verified === true;
  const load = async (userId: string) => principalFromUser((await tx.user.findUniqueOrThrow({ where: { id: userId }, include: principalInclude })) as UserWithMemberships);

  const identity = await tx.ssoIdentity.findUnique({ where: { providerId_subject: { providerId: provider.id, subject: claims.sub } }, include: { user: { include: principalInclude } } });
  if (identity) {
    const user = identity.user as UserWithMemberships;
    if (user.deletedAt || user.status !== 'active' || !inProviderTenant(user, provider)) {
      throw new SsoRefusal('SSO_ACCOUNT_UNAVAILABLE', 'The account linked to this identity is disabled or no longer belongs to this organization');
    }
    await tx.ssoIdentity.update({ where: { id: identity.id }, data: { lastLoginAt: new Date(), ...(email ? { email } : {}) } });
    const roleChange = await syncRole(tx, provider, user, claims);
    return { principal: roleChange ? (await load(user.id))! : principalFromUser(user)!, created: false, linked: false, roleChange };
  }

  if (!email || email.length > 255 || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new SsoRefusal('SSO_EMAIL_MISSING', 'The identity provider sent no usable email address');
  const link = (userId: string) => tx.ssoIdentity.create({ data: { providerId: provider.id, subject: claims.sub.slice(0, 255), userId, email, lastLoginAt: new Date() } });

  const domainVerified = await isVerifiedDomain(tx, provider.id, domainOf(email));
  const existing = (await tx.user.findUnique({ where: { email }, include: principalInclude })) as UserWithMemberships | null;
  if (existing) {
    if (claims.email_verified === false) throw new SsoRefusal('SSO_EMAIL_UNVERIFIED', 'An account with this address exists, and the identity provider did not verify the address');
    // Any identity provider can say any address is verified: only one whose partner proved it
    // owns the address's domain may take over an existing account by it.
    if (!domainVerified) {
      throw new SsoRefusal('SSO_DOMAIN_UNVERIFIED', 'An account with this address exists, and its domain is not one this provider has verified; ask your administrator to verify the domain');
    }
    if (existing.deletedAt || existing.status !== 'active') throw new SsoRefusal('SSO_ACCOUNT_UNAVAILABLE', 'The account with this address is disabled');
    const tenantless = !existing.isPlatformAdmin && !existing.partnerMembership && !existing.organizationMembership;
    if (!inProviderTenant(existing, provider) && !tenantless) {
      throw new SsoRefusal('SSO_ACCOUNT_CONFLICT', 'An account with this address belongs to another organization');
    }
    let roleChange: RoleChange | null = null;
    if (tenantless) {
      const roleId = provider.jitProvisioning ? mappedRoleId(provider, claims) : null;
      if (!roleId) throw new SsoRefusal('SSO_NO_ROLE', 'None of your groups is mapped to a role; ask your administrator');
      await addMembership(tx, provider, existing.id, roleId);
    } else {
      roleChange = await syncRole(tx, provider, existing, claims);
    }
    await link(existing.id);
    return { principal: (await load(existing.id))!, created: false, linked: true, roleChange };
  }

  if (!provider.jitProvisioning) throw new SsoRefusal('SSO_NO_ACCOUNT', 'No account exists for this address; ask your administrator to invite you');
  // Without the provider's word on the address, only the domains its partner proved it owns.
  if (!emailVerified && !domainVerified) {
    throw new SsoRefusal('SSO_EMAIL_UNVERIFIED', 'The identity provider did not verify this address, and its domain is not one this provider has verified');
  }
  const roleId = mappedRoleId(provider, claims);
  if (!roleId) throw new SsoRefusal('SSO_NO_ROLE', 'None of your groups is mapped to a role; ask your administrator');
  const name = [claims.name, claims.preferred_username].find((v): v is string => typeof v === 'string' && v.trim().length > 0)?.trim().slice(0, 255) ?? email;
  const user = await tx.user.create({ data: { email, name, passwordHash: null, status: 'active' } });
  await addMembership(tx, provider, user.id, roleId);
  await link(user.id);
  return { principal: (await load(user.id))!, created: true, linked: true, roleChange: null };
}
