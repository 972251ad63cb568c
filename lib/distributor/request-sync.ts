import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { AppError, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { resolveDistributorPartner } from './resolve-distributor-partner';
import { queueDistributorSync } from './queue-distributor-sync';

/** Queues a company, subscription and product sync of the partner's active integration. */
export async function requestSync(ctx: UserContext, input: { partnerId?: string }) {
  const partnerId = await resolveDistributorPartner(ctx, input.partnerId);
  return db.$transaction(async (tx) => {
    const integration = await tx.distributorIntegration.findUnique({ where: { partnerId } });
    if (!integration) throw notFound('Distributor integration');
    if (integration.status !== 'active') throw new AppError('INTEGRATION_INACTIVE', 409, 'The distributor integration is inactive');
    if (!integration.credentialsSealed) throw new AppError('CREDENTIALS_MISSING', 409, 'The distributor integration has no credentials');
    const jobId = await queueDistributorSync(tx, integration.id);
    await writeAudit(ctx, { action: 'distributor.sync', targetType: 'distributor_integration', targetId: integration.id, partnerId, orgId: null, details: { jobId } }, tx);
    return { queued: true, jobId, integrationId: integration.id };
  });
}
