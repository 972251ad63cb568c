// POST /auth/register-partner and POST /auth/register: park the registration and email a
// single-use link. Nothing is created and no account is looked up, so every accepted input —
// including an address that already has an account — does the same work and gets the same
// answer (doc 1 "Registration (no authentication)").
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { AppError, badRequest, tooManyRequests, unavailable } from '@/lib/http/errors';
import type { AnonymousContext } from '@/lib/auth/context';
import { hashPassword } from '@/lib/auth/passwords';
import { passwordProblems } from '@/lib/auth/password-strength';
import { randomToken, sha256Hex } from '@/lib/auth/secrets';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { enqueueEmail } from '@/lib/mail/enqueue-email';
import { writeAudit } from '@/lib/audit/write-audit';
import { logger } from '@/lib/observability/logger';
import type { RegistrationKind } from '@/lib/generated/prisma/client';
import { buildVerificationEmail } from '@/lib/registration/verification-email';
import type { RegisterPartnerInput, RegisterUserInput } from '@/lib/registration/schemas';

export const REGISTRATION_ACCEPTED = {
  success: true as const,
  message: 'If the registration can proceed, an email with a confirmation link is on its way. Open the link to finish.',
};

const HOUR = 3600;

export function registrationRateLimitKey(kind: RegistrationKind, ip: string | null): string {
  return `register-${kind}:ip:${ip ?? 'unknown'}`;
}

export async function requestRegistration(
  ctx: AnonymousContext,
  input: ({ kind: 'partner' } & RegisterPartnerInput) | ({ kind: 'user' } & RegisterUserInput),
) {
  const problem = passwordProblems(input.password, { email: input.email, name: input.name })[0];
  if (problem) throw badRequest(problem, [{ path: 'body.password', message: problem, code: 'weak_password' }]);

  const config = env();
  const limit = input.kind === 'partner' ? config.REGISTER_PARTNER_RATE_LIMIT_PER_HOUR : config.REGISTER_USER_RATE_LIMIT_PER_HOUR;
  const verdict = await consumeRateLimit(registrationRateLimitKey(input.kind, ctx.ip), limit, HOUR);
  if (!verdict.allowed) throw tooManyRequests('Too many registration attempts; try again later', verdict.retryAfterSeconds);

  const token = randomToken(32);
  const companyName = input.kind === 'partner' ? input.companyName : null;
  const passwordHash = await hashPassword(input.password);
  const message = await buildVerificationEmail(input.kind, { email: input.email, name: input.name, companyName, token });
  try {
    await db.$transaction(async (tx) => {
      const pending = await tx.pendingRegistration.create({
        data: {
          kind: input.kind,
          tokenHash: sha256Hex(token),
          email: input.email,
          name: input.name,
          companyName,
          passwordHash,
          ip: ctx.ip,
          expiresAt: new Date(Date.now() + config.REGISTRATION_TOKEN_TTL_HOURS * HOUR * 1000),
        },
      });
      await enqueueEmail(tx, message);
      await writeAudit(ctx, {
        action: 'registration.requested',
        targetType: 'pending_registration',
        targetId: pending.id,
        partnerId: null,
        orgId: null,
        details: { kind: input.kind, email: input.email },
      }, tx);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error({ err: error, requestId: ctx.requestId }, 'could not park a registration');
    throw unavailable('Registration is temporarily unavailable; try again shortly');
  }
  return REGISTRATION_ACCEPTED;
}
