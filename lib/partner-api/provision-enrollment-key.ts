// POST /partner-api/enrollment-keys: mints a key (and optionally a per-key secret), returned
// once. Lifetime: ttlMinutes, expiresAt, or the default lifetime, clamped by
// PARTNER_API_ENROLLMENT_KEY_MAX_TTL_MINUTES and the organization's
// settings.enrollmentKeyMaxTtlMinutes.
import type { z } from 'zod';
import type { Tx } from '@/lib/db';
import { env } from '@/lib/env';
import type { ServicePrincipalContext } from '@/lib/auth/context';
import { AppError, badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { mintEnrollmentKey, mintEnrollmentSecret } from '@/lib/enrollment-keys/mint-credentials';
import { toEnrollmentKeyDto } from '@/lib/enrollment-keys/to-enrollment-key-dto';
import { ZProvisionEnrollmentKey } from '@/lib/partner-api/schemas';
import { accessibleOrganizationOrThrow } from '@/lib/partner-api/accessible-organization';
import { hasMintRestrictions } from '@/lib/partner-api/to-service-principal-dto';

/** Doc 3 rule 5, checked before any budget is taken. */
export function assertMintRestrictions(ctx: ServicePrincipalContext): void {
  if (!hasMintRestrictions(ctx)) {
    throw new AppError(
      'partner_provisioning_principal_restrictions_required',
      403,
      'Minting enrollment keys needs a service principal with both an expiry and a source-CIDR allowlist',
    );
  }
}

export function orgTtlCap(settings: unknown): number | null {
  const cap = (settings as { enrollmentKeyMaxTtlMinutes?: unknown } | null)?.enrollmentKeyMaxTtlMinutes;
  return typeof cap === 'number' && Number.isInteger(cap) && cap > 0 ? cap : null;
}

/** The key's expiry: requested or default lifetime, clamped by the partner-API and org caps. */
export function partnerApiKeyExpiry(input: { ttlMinutes?: number; expiresAt?: string }, orgCapMinutes: number | null, now = new Date()): Date {
  let requested: number;
  if (input.expiresAt) {
    const at = new Date(input.expiresAt).getTime();
    if (at <= now.getTime()) throw badRequest('expiresAt must be in the future', [{ path: 'body.expiresAt', message: 'Must be in the future' }]);
    requested = (at - now.getTime()) / 60_000;
  } else {
    requested = input.ttlMinutes ?? env().ENROLLMENT_KEY_DEFAULT_TTL_MINUTES;
  }
  const minutes = Math.min(requested, env().PARTNER_API_ENROLLMENT_KEY_MAX_TTL_MINUTES, orgCapMinutes ?? Infinity);
  return new Date(now.getTime() + minutes * 60_000);
}

export async function provisionEnrollmentKey(ctx: ServicePrincipalContext, input: z.output<typeof ZProvisionEnrollmentKey>, tx: Tx) {
  const org = await accessibleOrganizationOrThrow(ctx, input.orgId, tx);
  if (input.siteId && !(await tx.site.findFirst({ where: { id: input.siteId, orgId: org.id, deletedAt: null }, select: { id: true } }))) {
    throw badRequest('siteId is not a site of this organization', [{ path: 'body.siteId', message: 'Not a site of the organization' }]);
  }
  const expiresAt = partnerApiKeyExpiry(input, orgTtlCap(org.settings));
  const minted = mintEnrollmentKey();
  const secret = input.issueEnrollmentSecret ? mintEnrollmentSecret() : null;
  const row = await tx.enrollmentKey.create({
    data: {
      partnerId: org.partnerId,
      orgId: org.id,
      siteId: input.siteId ?? null,
      name: input.name,
      keyHash: minted.keyHash,
      keyPrefix: minted.keyPrefix,
      secretHash: secret?.secretHash ?? null,
      maxUsage: input.maxUsage ?? null,
      expiresAt,
    },
  });
  await writeAudit(ctx, {
    action: 'enrollment_key.create',
    targetType: 'enrollment_key',
    targetId: row.id,
    partnerId: org.partnerId,
    orgId: org.id,
    details: { name: row.name, siteId: row.siteId, maxUsage: row.maxUsage, expiresAt: expiresAt.toISOString(), perKeySecret: secret !== null, via: 'partner_api' },
  }, tx);
  return { ...toEnrollmentKeyDto(row), key: minted.key, ...(secret ? { enrollmentSecret: secret.secret } : {}) };
}
