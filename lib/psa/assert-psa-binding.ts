import type { DbOrTx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { badRequest } from '@/lib/http/errors';

/**
 * External service management must name a live PSA connection of the partner itself (doc 1).
 * Run inside the transaction that holds the partner row lock, the lock connection deletion
 * takes too, so a connection cannot disappear between this check and the write.
 */
export async function assertPsaBinding(tx: DbOrTx, partnerId: string, data: Prisma.PartnerUpdateInput): Promise<void> {
  const id = data.serviceManagementPsaConnectionId;
  if (typeof id !== 'string') return;
  const live = await tx.psaConnection.findFirst({ where: { id, partnerId }, select: { id: true } });
  if (!live) {
    throw badRequest('serviceManagementPsaConnectionId does not name a PSA connection of this partner', [
      { path: 'body.serviceManagementPsaConnectionId', message: 'No such PSA connection' },
    ]);
  }
}
