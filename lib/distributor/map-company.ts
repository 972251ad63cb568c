import type { z } from 'zod';
import { db } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { orgInScope } from '@/lib/tenancy/scope';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ZMapCompany } from './schemas';
import { getIntegrationOrThrow } from './get-integration-or-throw';
import { mappedOrgWhere } from './visible-org-filter';
import { toCompanyDto } from './to-company-dto';

/** Maps a distributor company to an organization of the integration's partner, unmaps it (orgId null) or sets its ignore flag. */
export async function mapCompany(ctx: UserContext, input: z.output<typeof ZMapCompany>) {
  const integration = await getIntegrationOrThrow(ctx, input.integrationId);
  if (input.orgId) {
    const org = await db.organization.findFirst({ where: { id: input.orgId, partnerId: integration.partnerId, deletedAt: null }, select: { id: true, partnerId: true } });
    if (!org || !orgInScope(ctx, org)) throw notFound('Organization');
  }
  return db.$transaction(async (tx) => {
    const current = await tx.distributorCompany.findFirst({
      where: { integrationId: integration.id, distributorCompanyId: input.distributorCompanyId, ...mappedOrgWhere(ctx) },
    });
    if (!current) throw notFound('Distributor company');
    const orgChanges = input.orgId !== undefined && input.orgId !== current.orgId;
    const updated = await tx.distributorCompany.update({
      where: { id: current.id },
      data: {
        ...(input.orgId !== undefined ? { orgId: input.orgId } : {}),
        ...(orgChanges ? { mappedAt: input.orgId ? new Date() : null } : {}),
        ...(input.ignored !== undefined ? { ignored: input.ignored } : {}),
      },
    });
    const action = input.orgId === null ? 'unmap' : input.orgId ? 'map' : 'ignore';
    await writeAudit(ctx, {
      action: `distributor_company.${action}`,
      targetType: 'distributor_company',
      targetId: updated.id,
      partnerId: integration.partnerId,
      orgId: updated.orgId ?? current.orgId,
      details: { distributorCompanyId: updated.distributorCompanyId, from: { orgId: current.orgId, ignored: current.ignored }, to: { orgId: updated.orgId, ignored: updated.ignored } },
    }, tx);
    return { data: toCompanyDto(updated) };
  });
}
