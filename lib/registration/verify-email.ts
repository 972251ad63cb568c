// POST /auth/verify-email: spends the single-use token and creates everything in one
// transaction (doc 1 "States and transitions", first row). Because it is one transaction, the
// spec's separate orphan cleanup (rule 4) has nothing to clean: a failure leaves no rows.
import { db, type Tx } from '@/lib/db';
import { env } from '@/lib/env';
import { AppError, tooManyRequests } from '@/lib/http/errors';
import type { AnonymousContext } from '@/lib/auth/context';
import { principalFromUser } from '@/lib/auth/load-principal';
import { BUILT_IN_PARTNER_ROLES } from '@/lib/auth/permissions';
import { issueSession } from '@/lib/auth/issue-session';
import { sha256Hex } from '@/lib/auth/secrets';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { writeAudit } from '@/lib/audit/write-audit';
import { seedPartnerRoles } from '@/lib/partners/seed-partner-roles';
import type { RegistrationKind } from '@/lib/generated/prisma/client';
import { uniquePartnerSlug } from '@/lib/registration/unique-partner-slug';

/** Doc 1 "Limits": the registration response's access token lives 900 seconds. */
export const REGISTRATION_ACCESS_TOKEN_TTL_SECONDS = 900;
const UNIQUE_RETRIES = 3;

/** One body for an unknown, used or expired token and for an address taken meanwhile. */
export const invalidVerificationToken = () =>
  new AppError('INVALID_VERIFICATION_TOKEN', 400, 'This verification link is invalid or has expired');

interface PendingRow {
  id: string;
  kind: RegistrationKind;
  email: string;
  name: string;
  company_name: string | null;
  password_hash: string;
  expires_at: Date;
}

export interface VerifiedRegistration {
  body: {
    verified: true;
    user: { id: string; email: string; name: string; mfaEnabled: boolean };
    partner: { id: string; name: string; slug: string; status: string } | null;
    mfaRequired: boolean;
    tokens: { accessToken: string; expiresInSeconds: number } | null;
  };
  refresh: { token: string; expiresAt: Date } | null;
}

async function complete(tx: Tx, ctx: AnonymousContext, tokenHash: string, userAgent: string | null): Promise<VerifiedRegistration> {
  // Deleting is what makes the token single-use; a concurrent second use waits on the row lock
  // and then finds nothing.
  const [pending] = await tx.$queryRaw<PendingRow[]>`
    delete from pending_registrations where token_hash = ${tokenHash}
    returning id, kind, email, name, company_name, password_hash, expires_at`;
  if (!pending || pending.expires_at.getTime() <= Date.now()) throw invalidVerificationToken();
  if (await tx.user.findUnique({ where: { email: pending.email }, select: { id: true } })) throw invalidVerificationToken();

  const user = await tx.user.create({
    data: { email: pending.email, name: pending.name, passwordHash: pending.password_hash, status: 'active' },
  });
  const actor = { type: 'user', id: user.id, email: user.email };
  const userDto = { id: user.id, email: user.email, name: user.name, mfaEnabled: user.mfaEnabled };

  if (pending.kind === 'user') {
    await writeAudit(ctx, { action: 'user.registered', targetType: 'user', targetId: user.id, partnerId: null, orgId: null, actor }, tx);
    return { body: { verified: true, user: userDto, partner: null, mfaRequired: false, tokens: null }, refresh: null };
  }

  const companyName = pending.company_name!;
  const partner = await tx.partner.create({
    data: {
      name: companyName,
      slug: await uniquePartnerSlug(tx, companyName),
      type: 'msp',
      plan: 'free',
      status: 'active',
      billingEmail: pending.email,
    },
  });
  const roles = await seedPartnerRoles(tx, partner.id);
  const membership = await tx.partnerUser.create({ data: { partnerId: partner.id, userId: user.id, roleId: roles['Partner Admin'], orgAccess: 'all' } });
  // Built from the rows just written rather than re-read: the principal is fully known here.
  const principal = principalFromUser({
    ...user,
    partnerMembership: {
      ...membership,
      role: { permissions: [...BUILT_IN_PARTNER_ROLES.find((r) => r.name === 'Partner Admin')!.permissions] },
      partner: { status: partner.status, deletedAt: partner.deletedAt, settings: partner.settings },
    },
    organizationMembership: null,
  });
  if (!principal) throw new Error('registered user has no principal');
  const tokens = await issueSession(tx, principal, {
    mfa: false,
    ip: ctx.ip,
    userAgent,
    accessTtlSeconds: REGISTRATION_ACCESS_TOKEN_TTL_SECONDS,
  });
  await tx.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  await writeAudit(ctx, {
    action: 'partner.registered',
    targetType: 'partner',
    targetId: partner.id,
    partnerId: partner.id,
    orgId: null,
    actor,
    details: { slug: partner.slug, userId: user.id },
  }, tx);
  return {
    body: {
      verified: true,
      user: userDto,
      partner: { id: partner.id, name: partner.name, slug: partner.slug, status: partner.status },
      mfaRequired: principal.mfaEnabled,
      tokens: { accessToken: tokens.accessToken, expiresInSeconds: tokens.expiresInSeconds },
    },
    refresh: { token: tokens.refreshToken, expiresAt: tokens.refreshExpiresAt },
  };
}

export async function verifyEmail(ctx: AnonymousContext, token: string, userAgent: string | null): Promise<VerifiedRegistration> {
  const verdict = await consumeRateLimit(`verify-email:ip:${ctx.ip ?? 'unknown'}`, env().VERIFY_EMAIL_RATE_LIMIT_PER_HOUR, 3600);
  if (!verdict.allowed) throw tooManyRequests('Too many registration attempts; try again later', verdict.retryAfterSeconds);
  const tokenHash = sha256Hex(token);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction((tx) => complete(tx, ctx, tokenHash, userAgent));
    } catch (error) {
      // A unique clash means a concurrent registration took the address or the slug first. A
      // fresh attempt sees that commit: it answers the invalid-token 400 or picks the next slug.
      if ((error as { code?: string }).code === 'P2002' && attempt < UNIQUE_RETRIES) continue;
      if ((error as { code?: string }).code === 'P2002') throw invalidVerificationToken();
      throw error;
    }
  }
}
