import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { resolveDistributorPartner } from './resolve-distributor-partner';
import { toIntegrationDto } from './to-integration-dto';

/** The partner's integration (one per partner), or null when none was saved. */
export async function getIntegration(ctx: ActorContext, input: { partnerId?: string }) {
  const partnerId = await resolveDistributorPartner(ctx, input.partnerId);
  const row = await db.distributorIntegration.findUnique({ where: { partnerId } });
  return { data: row ? toIntegrationDto(row) : null };
}
