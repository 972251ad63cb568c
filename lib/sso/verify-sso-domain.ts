// POST /sso/providers/:id/domains/:domain/verify: looks for the domain's TXT record now. Found:
// the domain is verified (once across all partners: a domain another partner has already
// verified is refused with 409). Not found: the domain stays pending, the reason is kept on it
// and answered with 422. Each outcome is audited.
import type { ActorContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import { AppError, conflict, notFound, tooManyRequests } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { getWritableSsoProvider } from '@/lib/sso/update-sso-provider';
import { lookupVerificationRecord, toSsoDomainDto, txtRecordName, txtRecordValue } from '@/lib/sso/sso-domains';
import type { TSsoDomain } from '@/lib/sso/schemas';

// Each check is a DNS query the service makes on the caller's behalf.
const CHECKS_PER_PROVIDER = 30;
const CHECKS_WINDOW_SECONDS = 600;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === 'P2002';

export async function verifySsoDomain(ctx: ActorContext, providerId: string, domain: string): Promise<TSsoDomain> {
  const provider = await getWritableSsoProvider(ctx, providerId);
  const row = await db.ssoDomain.findFirst({ where: { providerId: provider.id, domain } });
  if (!row) throw notFound('SSO domain');
  if (row.status === 'verified') return toSsoDomainDto(row);

  const audit = (result: 'success' | 'failure', details: Record<string, unknown>) =>
    writeAudit(ctx, {
      action: result === 'success' ? 'sso_domain.verified' : 'sso_domain.verification_failed',
      targetType: 'sso_provider',
      targetId: provider.id,
      partnerId: provider.partnerId,
      orgId: provider.orgId,
      result,
      details: { domain, ...details },
    });

  const owner = await db.ssoDomain.findFirst({ where: { domain, status: 'verified', NOT: { partnerId: provider.partnerId } }, select: { id: true } });
  if (owner) {
    await audit('failure', { reason: 'verified by another partner' });
    throw conflict(`${domain} is already verified by another organization`, 'DOMAIN_ALREADY_VERIFIED', { domain });
  }

  const verdict = await consumeRateLimit(`sso-domain-verify:${provider.id}`, CHECKS_PER_PROVIDER, CHECKS_WINDOW_SECONDS);
  if (!verdict.allowed) throw tooManyRequests('Too many domain checks; try again later', verdict.retryAfterSeconds);

  const lookup = await lookupVerificationRecord(domain, row.verificationToken);
  const now = new Date();
  if (!lookup.found) {
    await db.ssoDomain.update({ where: { id: row.id }, data: { lastCheckedAt: now, lastCheckError: lookup.error!.slice(0, 500) } });
    await audit('failure', { reason: lookup.error });
    throw new AppError('DOMAIN_NOT_VERIFIED', 422, `${domain} could not be verified: ${lookup.error}`, {
      domain,
      reason: lookup.error,
      txtRecord: { name: txtRecordName(domain), value: txtRecordValue(row.verificationToken) },
    });
  }
  try {
    const verified = await db.$transaction(async (tx) => {
      const updated = await tx.ssoDomain.update({ where: { id: row.id }, data: { status: 'verified', verifiedAt: now, lastCheckedAt: now, lastCheckError: null } });
      await writeAudit(ctx, {
        action: 'sso_domain.verified',
        targetType: 'sso_provider',
        targetId: provider.id,
        partnerId: provider.partnerId,
        orgId: provider.orgId,
        details: { domain, record: txtRecordName(domain) },
      }, tx);
      return updated;
    });
    return toSsoDomainDto(verified);
  } catch (error) {
    // Another partner verified the same domain between the check above and this write.
    if (isUniqueViolation(error)) {
      await audit('failure', { reason: 'verified by another partner' });
      throw conflict(`${domain} is already verified by another organization`, 'DOMAIN_ALREADY_VERIFIED', { domain });
    }
    throw error;
  }
}
