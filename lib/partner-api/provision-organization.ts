// POST /partner-api/organizations: create-only; the partner comes from the principal. The
// partner row is locked so concurrent creates cannot slip past maxOrganizations.
import type { z } from 'zod';
import type { Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ServicePrincipalContext } from '@/lib/auth/context';
import { conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { toOrganizationDto } from '@/lib/organizations/to-organization-dto';
import { ZProvisionOrganization } from '@/lib/partner-api/schemas';

export async function provisionOrganization(ctx: ServicePrincipalContext, input: z.output<typeof ZProvisionOrganization>, tx: Tx) {
  const partnerId = ctx.partnerId;
  const [partner] = await tx.$queryRaw<{ max_organizations: number | null }[]>`
    select max_organizations from partners where id = ${partnerId}::uuid and deleted_at is null for update`;
  if (!partner) throw notFound('Partner');
  if (partner.max_organizations !== null) {
    const count = await tx.organization.count({ where: { partnerId, deletedAt: null } });
    if (count >= partner.max_organizations) {
      throw conflict(`The partner's limit of ${partner.max_organizations} organizations is reached`, 'partner_provisioning_org_limit_reached', { maxOrganizations: partner.max_organizations });
    }
  }
  // Slugs stay unique per partner including soft-deleted organizations.
  if (await tx.organization.findUnique({ where: { partnerId_slug: { partnerId, slug: input.slug } }, select: { id: true } })) {
    throw conflict(`Slug "${input.slug}" is already in use`, 'partner_provisioning_slug_conflict', { slug: input.slug });
  }
  const created = await tx.organization.create({
    data: { partnerId, name: input.name, slug: input.slug, status: input.status, settings: (input.type ? { type: input.type } : {}) as Prisma.InputJsonValue },
  });
  if (ctx.orgAccess === 'selected') {
    // A narrowed principal keeps access to what it creates (for its own follow-up sites and keys).
    await tx.$executeRaw`update service_principals set org_ids = array_append(org_ids, ${created.id}::uuid) where id = ${ctx.servicePrincipalId}::uuid`;
  }
  await writeAudit(ctx, { action: 'organization.create', targetType: 'organization', targetId: created.id, partnerId, orgId: created.id, details: { name: created.name, slug: created.slug, status: created.status, via: 'partner_api' } }, tx);
  return toOrganizationDto(created);
}
