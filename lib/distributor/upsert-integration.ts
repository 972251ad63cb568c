import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ZUpsertIntegration } from './schemas';
import { resolveDistributorPartner } from './resolve-distributor-partner';
import { clientIdHint, sealIntegrationCredentials } from './integration-credentials';
import { queueDistributorSync } from './queue-distributor-sync';
import { toIntegrationDto } from './to-integration-dto';

/**
 * Creates or updates the partner's integration. Credentials are sealed, bound to the row. A sync
 * is queued when the integration is active with credentials and this save created it, activated
 * it or replaced its credentials.
 */
export async function upsertIntegration(ctx: UserContext, input: z.output<typeof ZUpsertIntegration>) {
  const partnerId = await resolveDistributorPartner(ctx, input.partnerId);
  return db.$transaction(async (tx) => {
    const existing = await tx.distributorIntegration.findUnique({ where: { partnerId } });
    const id = existing?.id ?? randomUUID();
    const credentials = input.clientId !== undefined && input.clientSecret !== undefined ? { clientId: input.clientId, clientSecret: input.clientSecret } : null;
    const status = input.status ?? existing?.status ?? 'active';
    if (status === 'active' && !credentials && !existing?.credentialsSealed) {
      throw badRequest('An active integration needs clientId and clientSecret', [{ path: 'clientId', message: 'Required' }], 'CREDENTIALS_REQUIRED');
    }
    const fields = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      status,
      ...(credentials ? { credentialsSealed: sealIntegrationCredentials(id, credentials), clientIdHint: clientIdHint(credentials.clientId) } : {}),
    };
    const row = existing
      ? await tx.distributorIntegration.update({ where: { id }, data: fields })
      : await tx.distributorIntegration.create({ data: { id, partnerId, ...fields } });
    const activated = status === 'active' && (!existing || existing.status !== 'active' || credentials !== null);
    const jobId = activated && row.credentialsSealed ? await queueDistributorSync(tx, id) : null;
    await writeAudit(ctx, {
      action: existing ? 'distributor_integration.update' : 'distributor_integration.create',
      targetType: 'distributor_integration',
      targetId: id,
      partnerId,
      orgId: null,
      details: { status, name: row.name, credentialsChanged: credentials !== null, syncQueued: jobId !== null },
    }, tx);
    const saved = await tx.distributorIntegration.findUniqueOrThrow({ where: { id } });
    return { data: toIntegrationDto(saved), syncQueued: jobId !== null, jobId };
  });
}
