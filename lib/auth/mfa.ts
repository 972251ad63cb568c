// TOTP (RFC 6238) enrolment and challenge. Seeds are encrypted at rest, a code is accepted once,
// and recovery codes are stored as hashes and consumed on use.
import { generateSecret, generateURI, verify } from 'otplib';
import { db } from '@/lib/db';
import { AppError, conflict, tooManyRequests } from '@/lib/http/errors';
import type { UserContext } from '@/lib/auth/context';
import { decryptSecret, encryptSecret, randomToken, sha256Hex } from '@/lib/auth/secrets';
import { loadPrincipal } from '@/lib/auth/load-principal';
import { mintAccessToken, mintRefreshToken } from '@/lib/auth/issue-session';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { writeAudit } from '@/lib/audit/write-audit';
import { decideSelf } from '@/lib/tenancy/authorization-decisions';

const ISSUER = 'RMM Service';
const RECOVERY_CODES = 10;
const invalidCode = () => new AppError('INVALID_MFA_CODE', 400, 'The code is not valid');

async function limitAttempts(userId: string) {
  const verdict = await consumeRateLimit(`mfa:${userId}`, 10, 900);
  if (!verdict.allowed) throw tooManyRequests('Too many MFA attempts; try again later', verdict.retryAfterSeconds);
}

/** Returns the accepted time step, or null. Rejects steps at or before the last accepted one. */
async function checkTotp(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epochTolerance: 30, ...(lastStep !== null ? { afterTimeStep: lastStep } : {}) }).catch(() => null);
  return result && result.valid && 'timeStep' in result ? (result.timeStep as number) : null;
}

export async function setupMfa(ctx: UserContext) {
  decideSelf(ctx, "the signed-in user's own MFA");
  const user = await db.user.findUniqueOrThrow({ where: { id: ctx.userId } });
  if (user.mfaEnabled) throw conflict('MFA is already enabled for this account', 'MFA_ALREADY_ENABLED');
  const secret = generateSecret();
  await db.user.update({ where: { id: user.id }, data: { mfaPendingSecret: encryptSecret(secret) } });
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: user.email, secret }) };
}

async function elevateSession(ctx: UserContext) {
  const principal = await loadPrincipal(db, ctx.userId);
  if (!principal) throw new AppError('UNAUTHORIZED', 401, 'Session is no longer valid');
  const refresh = await db.$transaction(async (tx) => {
    await tx.session.update({ where: { id: ctx.sessionId }, data: { mfa: true, lastUsedAt: new Date() } });
    return mintRefreshToken(tx, ctx.sessionId);
  });
  const access = await mintAccessToken(principal, ctx.sessionId, true);
  return {
    principal,
    tokens: { accessToken: access.token, expiresInSeconds: access.expiresInSeconds, refreshToken: refresh.token, refreshExpiresAt: refresh.expiresAt },
  };
}

export async function enableMfa(ctx: UserContext, code: string) {
  decideSelf(ctx, "the signed-in user's own MFA");
  await limitAttempts(ctx.userId);
  const user = await db.user.findUniqueOrThrow({ where: { id: ctx.userId } });
  if (user.mfaEnabled) throw conflict('MFA is already enabled for this account', 'MFA_ALREADY_ENABLED');
  if (!user.mfaPendingSecret) throw new AppError('MFA_SETUP_REQUIRED', 400, 'Start with POST /api/v1/auth/mfa/setup');
  const secret = decryptSecret(user.mfaPendingSecret);
  const step = await checkTotp(secret, code, null);
  if (step === null) throw invalidCode();
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => randomToken(8).toLowerCase());
  await db.user.update({
    where: { id: user.id },
    data: {
      mfaEnabled: true,
      mfaSecret: user.mfaPendingSecret,
      mfaPendingSecret: null,
      mfaLastTimeStep: step,
      recoveryCodeHashes: recoveryCodes.map((c) => sha256Hex(c)),
    },
  });
  await writeAudit(ctx, { action: 'user.mfa_enabled', targetType: 'user', targetId: user.id });
  return { recoveryCodes, ...(await elevateSession(ctx)) };
}

export async function verifyMfa(ctx: UserContext, code: string) {
  decideSelf(ctx, "the signed-in user's own session");
  await limitAttempts(ctx.userId);
  const user = await db.user.findUniqueOrThrow({ where: { id: ctx.userId } });
  if (!user.mfaEnabled || !user.mfaSecret) throw new AppError('MFA_NOT_ENABLED', 400, 'MFA is not enabled for this account; set it up first');
  const step = await checkTotp(decryptSecret(user.mfaSecret), code, user.mfaLastTimeStep);
  if (step !== null) {
    // Conditional on the previous step so two concurrent submissions of one code cannot both pass.
    const won = await db.user.updateMany({
      where: { id: user.id, mfaLastTimeStep: user.mfaLastTimeStep },
      data: { mfaLastTimeStep: step },
    });
    if (won.count === 0) throw invalidCode();
  } else {
    const hash = sha256Hex(code.trim().toLowerCase());
    if (!user.recoveryCodeHashes.includes(hash)) {
      await writeAudit(ctx, { action: 'user.mfa_failed', targetType: 'user', targetId: user.id, result: 'failure' });
      throw invalidCode();
    }
    const remaining = user.recoveryCodeHashes.filter((h) => h !== hash);
    const won = await db.user.updateMany({
      where: { id: user.id, recoveryCodeHashes: { equals: user.recoveryCodeHashes } },
      data: { recoveryCodeHashes: remaining },
    });
    if (won.count === 0) throw invalidCode();
  }
  await writeAudit(ctx, { action: 'user.mfa_verified', targetType: 'session', targetId: ctx.sessionId });
  return elevateSession(ctx);
}
