import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { resolveDistributorPartner } from './resolve-distributor-partner';
import { mappedOrgWhere } from './visible-org-filter';
import { toCompanyDto } from './to-company-dto';

export async function listCompanies(ctx: ActorContext, input: { partnerId?: string }) {
  const partnerId = await resolveDistributorPartner(ctx, input.partnerId);
  const integration = await db.distributorIntegration.findUnique({ where: { partnerId }, select: { id: true } });
  if (!integration) return { data: [], integrationId: null };
  const rows = await db.distributorCompany.findMany({
    where: { integrationId: integration.id, ...mappedOrgWhere(ctx) },
    orderBy: [{ name: 'asc' }, { distributorCompanyId: 'asc' }],
  });
  return { data: rows.map(toCompanyDto), integrationId: integration.id };
}
