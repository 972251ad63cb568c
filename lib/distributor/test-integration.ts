import type { z } from 'zod';
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { AppError, notFound } from '@/lib/http/errors';
import type { ZTestIntegration } from './schemas';
import { resolveDistributorPartner } from './resolve-distributor-partner';
import { DistributorError, type DistributorClient } from './distributor-client';
import { DistributorHttpClient } from './http-client';
import { clientForIntegration } from './integration-credentials';

/**
 * Checks credentials against the distributor by listing its companies: the given ones (before
 * saving) or the stored ones. A refusal is an answer (`success: false`), not an error status.
 */
export async function testIntegration(ctx: UserContext, input: z.output<typeof ZTestIntegration>) {
  const partnerId = await resolveDistributorPartner(ctx, input.partnerId);
  let client: DistributorClient;
  if (input.clientId !== undefined && input.clientSecret !== undefined) {
    client = new DistributorHttpClient({ clientId: input.clientId, clientSecret: input.clientSecret });
  } else {
    const integration = await db.distributorIntegration.findUnique({ where: { partnerId } });
    if (!integration) throw notFound('Distributor integration');
    try {
      client = clientForIntegration({ ...integration, status: 'active' });
    } catch (error) {
      if (error instanceof AppError) return { success: false, error: error.message };
      throw error;
    }
  }
  try {
    const companies = await client.listCompanies();
    return { success: true, data: { companies: companies.length } };
  } catch (error) {
    if (error instanceof DistributorError) return { success: false, error: error.message };
    throw error;
  }
}
