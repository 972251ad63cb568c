// Live reads of one product's provisioning form and commitment rules at the distributor. The
// product must be one the partner's integration has synchronised (no arbitrary ids are sent out).
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError, notFound } from '@/lib/http/errors';
import { resolveDistributorPartner } from './resolve-distributor-partner';
import { clientForIntegration } from './integration-credentials';
import { DistributorError, type DistributorClient } from './distributor-client';

async function productClient(ctx: ActorContext, partnerId: string | undefined, productId: string): Promise<DistributorClient> {
  const integration = await db.distributorIntegration.findUnique({ where: { partnerId: await resolveDistributorPartner(ctx, partnerId) } });
  if (!integration) throw notFound('Distributor integration');
  const product = await db.distributorProduct.findUnique({ where: { integrationId_distributorProductId: { integrationId: integration.id, distributorProductId: productId } }, select: { id: true } });
  if (!product) throw notFound('Distributor product');
  return clientForIntegration(integration);
}

/** Distributor failures as API errors: its 404 is ours; anything else is a bad gateway. */
export function upstreamError(error: unknown): unknown {
  if (!(error instanceof DistributorError)) return error;
  if (error.kind === 'not_found') return notFound('Distributor product');
  if (error.kind === 'unauthorized') return new AppError('DISTRIBUTOR_UNAUTHORIZED', 502, 'The distributor refused the stored credentials');
  return new AppError('DISTRIBUTOR_UNAVAILABLE', 502, `Distributor request failed: ${error.message}`);
}

export async function getProvisionDetails(ctx: ActorContext, productId: string, input: { partnerId?: string }) {
  const client = await productClient(ctx, input.partnerId, productId);
  try {
    return { data: await client.getProvisionDetails(productId) };
  } catch (error) {
    throw upstreamError(error);
  }
}

export async function getProductDependencies(ctx: ActorContext, productId: string, input: { partnerId?: string }) {
  const client = await productClient(ctx, input.partnerId, productId);
  try {
    return { data: { commitments: await client.getDependencies(productId) } };
  } catch (error) {
    throw upstreamError(error);
  }
}
