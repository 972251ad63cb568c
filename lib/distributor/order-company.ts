// The distributor company an organization's orders go to: exactly one non-ignored, order-ready
// company mapped to it.
import type { DbOrTx } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { toCompanyDto } from './to-company-dto';

export async function orderCompanyOrThrow(client: DbOrTx, integrationId: string, orgId: string) {
  const mapped = await client.distributorCompany.findMany({ where: { integrationId, orgId, ignored: false } });
  const ready = mapped.filter((c) => toCompanyDto(c).orderReady);
  if (ready.length !== 1) {
    throw new AppError(
      'ORDER_COMPANY_REQUIRED',
      409,
      ready.length === 0 ? 'The organization has no order-ready distributor company mapped' : 'The organization has several order-ready distributor companies mapped',
      { orderReadyMappings: ready.length },
    );
  }
  return ready[0];
}

export async function activeIntegrationOrThrow(client: DbOrTx, partnerId: string) {
  const integration = await client.distributorIntegration.findUnique({ where: { partnerId } });
  if (!integration) throw new AppError('INTEGRATION_REQUIRED', 409, 'The partner has no distributor integration');
  if (integration.status !== 'active') throw new AppError('INTEGRATION_INACTIVE', 409, 'The distributor integration is inactive');
  return integration;
}
