// POST /agents/enroll: an agent trades an enrollment key (and, when configured, the enrollment
// secret) for its own credential. The key's use is counted atomically in the same transaction
// that creates the device, so two agents racing for the last use cannot both win.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import { env } from '@/lib/env';
import type { EnrollmentKey } from '@/lib/generated/prisma/client';
import type { AnonymousContext } from '@/lib/auth/context';
import { AppError, tooManyRequests } from '@/lib/http/errors';
import { randomToken, safeEqual, sha256Hex } from '@/lib/auth/secrets';
import { assertPartnerActive } from '@/lib/auth/partner-guard';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { writeAudit } from '@/lib/audit/write-audit';
import { emitEvent } from '@/lib/events/emit-event';
import { ZEnrollBody } from '@/lib/agents/schemas';
import { stripNul } from '@/lib/agents/sanitize';
import { enforceDeviceLimits } from '@/lib/agents/enforce-device-limits';
import { placeEnrolledDevice } from '@/lib/agents/place-enrolled-device';
import { reevaluateDeviceGroups } from '@/lib/device-groups/reevaluate-device-groups';
import { releaseKey } from '@/lib/agent-releases/release-signing';

type EnrollInput = z.output<typeof ZEnrollBody>;

const keyError = (code: string, message: string, status = 403) => new AppError(code, status, message);

function checkSecret(key: EnrollmentKey, presented: string | undefined): void {
  const global = env().AGENT_ENROLLMENT_SECRET;
  if (!key.secretHash && !global) return;
  if (!presented) {
    throw keyError('ENROLLMENT_SECRET_REQUIRED', 'This enrollment needs an enrollment secret (--enrollment-secret)', 401);
  }
  const ok = key.secretHash ? safeEqual(sha256Hex(presented), key.secretHash) : safeEqual(sha256Hex(presented), sha256Hex(global!));
  if (!ok) throw keyError('ENROLLMENT_SECRET_INVALID', 'The enrollment secret is not valid for this key', 401);
}

/** Takes one use of the key, or explains why it cannot be used. */
async function claimKeyUse(tx: Tx, keyId: string): Promise<void> {
  const taken = await tx.$executeRaw`
    update enrollment_keys set usage_count = usage_count + 1, last_used_at = now(), updated_at = now()
    where id = ${keyId}::uuid and deleted_at is null and expires_at > now()
      and (max_usage is null or usage_count < max_usage)`;
  if (taken === 1) return;
  const key = await tx.enrollmentKey.findUniqueOrThrow({ where: { id: keyId } });
  if (key.deletedAt) throw keyError('ENROLLMENT_KEY_REVOKED', 'This enrollment key was revoked');
  if (key.expiresAt <= new Date()) throw keyError('ENROLLMENT_KEY_EXPIRED', 'This enrollment key has expired');
  throw keyError('ENROLLMENT_KEY_EXHAUSTED', `This enrollment key has reached its maximum of ${key.maxUsage} enrollments`);
}

export async function enrollAgent(ctx: AnonymousContext, body: EnrollInput) {
  const config = env();
  const verdict = await consumeRateLimit(`agent-enroll:ip:${ctx.ip ?? 'unknown'}`, config.AGENT_ENROLL_RATE_LIMIT_PER_IP, config.AGENT_ENROLL_RATE_LIMIT_WINDOW_SECONDS);
  if (!verdict.allowed) throw tooManyRequests('Too many enrollment attempts from this address; retry later', verdict.retryAfterSeconds);

  const input = stripNul(body);
  const key = await db.enrollmentKey.findUnique({
    where: { keyHash: sha256Hex(input.enrollmentKey) },
    include: { organization: { select: { deletedAt: true, partner: { select: { status: true, deletedAt: true } } } } },
  });
  if (!key) throw keyError('ENROLLMENT_KEY_INVALID', 'Unknown enrollment key', 401);
  const deny = (reason: string) =>
    writeAudit(ctx, { action: 'agent.enroll', targetType: 'enrollment_key', targetId: key.id, partnerId: key.partnerId, orgId: key.orgId, result: 'denied', details: { reason, hostname: input.hostname } }).catch(() => undefined);
  try {
    checkSecret(key, input.enrollmentSecret);
    if (key.deletedAt || key.organization.deletedAt || key.organization.partner.deletedAt) throw keyError('ENROLLMENT_KEY_REVOKED', 'This enrollment key was revoked');
    if (key.organization.partner.status === 'offboarding') throw keyError('PARTNER_OFFBOARDING', 'The partner is offboarding: no new devices can enroll');
    assertPartnerActive(key.organization.partner.status);
    // Clear answers up front; the atomic claim at the end of the transaction stays the judge.
    if (key.expiresAt <= new Date()) throw keyError('ENROLLMENT_KEY_EXPIRED', 'This enrollment key has expired');
    if (key.maxUsage !== null && key.usageCount >= key.maxUsage) {
      throw keyError('ENROLLMENT_KEY_EXHAUSTED', `This enrollment key has reached its maximum of ${key.maxUsage} enrollments`);
    }
  } catch (error) {
    if (error instanceof AppError) await deny(error.code);
    throw error;
  }

  const authToken = `agt_${randomToken(32)}`;
  const agentId = randomUUID();
  try {
    const device = await db.$transaction(async (tx) => {
      await enforceDeviceLimits(tx, key.partnerId, key.orgId, key.deviceId);
      const placed = await placeEnrolledDevice(tx, key, input, { agentId, tokenHash: sha256Hex(authToken) });
      await emitEvent(tx, {
        type: 'device.enrolled',
        partnerId: placed.partnerId,
        orgId: placed.orgId,
        data: { deviceId: placed.id, hostname: placed.hostname, orgId: placed.orgId, siteId: placed.siteId, osType: placed.osType, agentVersion: placed.agentVersion },
      });
      await writeAudit(ctx, {
        action: 'agent.enroll',
        targetType: 'device',
        targetId: placed.id,
        partnerId: placed.partnerId,
        orgId: placed.orgId,
        actor: { type: 'agent', id: agentId, email: null },
        details: { enrollmentKeyId: key.id, hostname: placed.hostname, reenrolled: placed.reenrolled },
      }, tx);
      await reevaluateDeviceGroups(tx, placed.id);
      // Last, so the key row stays locked only until commit: a fleet enrolling with one key
      // serialises on this lock, not on the whole enrollment.
      await claimKeyUse(tx, key.id);
      return placed;
    }, { maxWait: 10_000, timeout: 20_000 });
    return {
      agentId,
      deviceId: device.id,
      authToken,
      orgId: device.orgId,
      siteId: device.siteId,
      heartbeatIntervalSeconds: config.AGENT_HEARTBEAT_INTERVAL_SECONDS,
      releaseSigningKey: (await releaseKey()).publicKey,
    };
  } catch (error) {
    if (error instanceof AppError) await deny(error.code);
    throw error;
  }
}
