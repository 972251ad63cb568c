// Seed factories for integration tests: real rows through the same domain code the API uses.
import { randomBytes } from 'node:crypto';
import { generateSync } from 'otplib';
import { db } from '@/lib/db';
import { hashPassword } from '@/lib/auth/passwords';
import { seedPartnerRoles } from '@/lib/partners/seed-partner-roles';
import { loadPrincipal } from '@/lib/auth/load-principal';
import { issueSession } from '@/lib/auth/issue-session';
import { encryptSecret } from '@/lib/auth/secrets';
import type { OrgAccess, PartnerStatus } from '@/lib/generated/prisma/client';

const uniq = () => randomBytes(4).toString('hex');
export const PASSWORD = 'Test-Password-42!';

export async function makePartner(overrides: { name?: string; status?: PartnerStatus; maxOrganizations?: number | null; settings?: object } = {}) {
  const id = uniq();
  const partner = await db.partner.create({
    data: {
      name: overrides.name ?? `Partner ${id}`,
      slug: `partner-${id}`,
      status: overrides.status ?? 'active',
      maxOrganizations: overrides.maxOrganizations ?? null,
      settings: (overrides.settings ?? {}) as object,
    },
  });
  const roles = await seedPartnerRoles(db, partner.id);
  return { ...partner, roles };
}

export async function makeOrg(partnerId: string, name = `Org ${uniq()}`) {
  return db.organization.create({ data: { partnerId, name, slug: `org-${uniq()}` } });
}

export async function makeSite(org: { id: string; partnerId: string }, name = `Site ${uniq()}`) {
  return db.site.create({ data: { partnerId: org.partnerId, orgId: org.id, name } });
}

interface UserOptions {
  email?: string;
  name?: string;
  password?: string;
  mfaSecret?: string;
}

async function baseUser(opts: UserOptions, extra: { isPlatformAdmin?: boolean } = {}) {
  return db.user.create({
    data: {
      email: opts.email ?? `user-${uniq()}@example.test`,
      name: opts.name ?? 'Test User',
      passwordHash: await hashPassword(opts.password ?? PASSWORD),
      isPlatformAdmin: extra.isPlatformAdmin ?? false,
      ...(opts.mfaSecret ? { mfaEnabled: true, mfaSecret: encryptSecret(opts.mfaSecret) } : {}),
    },
  });
}

export async function makePlatformAdmin(opts: UserOptions = {}) {
  return baseUser(opts, { isPlatformAdmin: true });
}

export async function makePartnerUser(
  partner: { id: string; roles: Record<string, string> },
  opts: UserOptions & { role?: string; orgAccess?: OrgAccess; orgIds?: string[] } = {},
) {
  const user = await baseUser(opts);
  await db.partnerUser.create({
    data: { partnerId: partner.id, userId: user.id, roleId: partner.roles[opts.role ?? 'Partner Admin'], orgAccess: opts.orgAccess ?? 'all', orgIds: opts.orgIds ?? [] },
  });
  return user;
}

export async function makeOrgUser(partner: { roles: Record<string, string> }, org: { id: string }, opts: UserOptions & { role?: string } = {}) {
  const user = await baseUser(opts);
  await db.organizationUser.create({ data: { orgId: org.id, userId: user.id, roleId: partner.roles[opts.role ?? 'Organization Admin'] } });
  return user;
}

/** Signs a user in directly (no HTTP), optionally with a completed MFA challenge. */
export async function tokenFor(user: { id: string }, opts: { mfa?: boolean } = {}) {
  const principal = await loadPrincipal(db, user.id);
  if (!principal) throw new Error('user has no place in the hierarchy');
  const issued = await issueSession(db, principal, { mfa: opts.mfa ?? false, ip: '127.0.0.1', userAgent: 'vitest' });
  return issued.accessToken;
}

export function totp(secret: string): string {
  return generateSync({ secret });
}
