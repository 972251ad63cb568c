import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { orgInScope } from '@/lib/tenancy/scope';
import type { ZListSubscriptionsQuery } from './schemas';
import { resolveDistributorPartner } from './resolve-distributor-partner';
import { getIntegrationOrThrow } from './get-integration-or-throw';
import { mappedOrgWhere } from './visible-org-filter';
import { toSubscriptionDto } from './to-subscription-dto';
import { billingQuantities } from './billing-quantities';

/**
 * Subscription snapshots of an integration (given, or the partner's), optionally of the companies
 * mapped to one organization or only those not linked to a contract line.
 */
export async function listSubscriptions(ctx: ActorContext, input: z.output<typeof ZListSubscriptionsQuery>) {
  const integration = input.integrationId
    ? await getIntegrationOrThrow(ctx, input.integrationId)
    : await db.distributorIntegration.findUnique({ where: { partnerId: await resolveDistributorPartner(ctx, input.partnerId) } });
  if (!integration) return { data: [], integrationId: null };
  if (input.orgId) {
    const org = await db.organization.findFirst({ where: { id: input.orgId, partnerId: integration.partnerId, deletedAt: null }, select: { id: true, partnerId: true } });
    if (!org || !orgInScope(ctx, org)) throw notFound('Organization');
  }
  const companies = await db.distributorCompany.findMany({
    where: { AND: [{ integrationId: integration.id }, mappedOrgWhere(ctx), input.orgId ? { orgId: input.orgId } : {}] },
    select: { distributorCompanyId: true, name: true, orgId: true },
  });
  const byId = new Map(companies.map((c) => [c.distributorCompanyId, c]));
  // Without an organization filter a full-access caller also sees subscriptions of companies the
  // sync has not brought (yet); anyone narrower sees only those of visible companies.
  const companyFilter = input.orgId || Object.keys(mappedOrgWhere(ctx)).length > 0 ? { distributorCompanyId: { in: [...byId.keys()] } } : {};
  const rows = await db.distributorSubscription.findMany({
    where: { integrationId: integration.id, ...companyFilter, ...(input.unmappedOnly ? { contractLineId: null } : {}) },
    orderBy: [{ distributorCompanyId: 'asc' }, { distributorSubscriptionId: 'asc' }],
    take: input.limit,
  });
  const billing = await billingQuantities(rows.map((r) => r.contractLineId));
  return {
    data: rows.map((r) => toSubscriptionDto(r, byId.get(r.distributorCompanyId), r.contractLineId ? (billing.get(r.contractLineId) ?? null) : null)),
    integrationId: integration.id,
  };
}
