import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { partnerWhere } from './resolve-distributor-partner';

/** An integration by id; routes that take `integrationId` derive the partner from it. */
export async function getIntegrationOrThrow(ctx: ActorContext, integrationId: string) {
  const row = await db.distributorIntegration.findFirst({ where: { id: integrationId, ...partnerWhere(ctx), partner: { deletedAt: null } } });
  if (!row) throw notFound('Distributor integration');
  return row;
}
