import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest, conflict, forbidden, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZCreateOrganization } from '@/lib/organizations/schemas';
import { toOrganizationDto } from '@/lib/organizations/to-organization-dto';
import { uniqueOrgSlug } from '@/lib/organizations/unique-org-slug';

export async function createOrganization(ctx: ActorContext, input: z.output<typeof ZCreateOrganization>) {
  let partnerId: string;
  if (ctx.scope === 'system') {
    if (!input.partnerId) throw badRequest('partnerId is required for system-scope callers', [{ path: 'body.partnerId', message: 'Required' }]);
    partnerId = input.partnerId;
  } else if (ctx.scope === 'partner' && ctx.orgAccess === 'all') {
    partnerId = ctx.partnerId!;
  } else {
    throw forbidden('Creating organizations needs access to every organization of the partner');
  }

  const org = await db.$transaction(async (tx) => {
    // Lock the partner row so concurrent creates cannot both slip under maxOrganizations.
    const partners = await tx.$queryRaw<{ max_organizations: number | null }[]>`
      select max_organizations from partners where id = ${partnerId}::uuid and deleted_at is null for update`;
    if (partners.length === 0) throw notFound('Partner');
    const max = partners[0].max_organizations;
    if (max !== null) {
      const count = await tx.organization.count({ where: { partnerId, deletedAt: null } });
      if (count >= max) throw conflict(`The partner's limit of ${max} organizations is reached`, 'ORG_LIMIT_REACHED');
    }
    if (input.slug && (await tx.organization.findUnique({ where: { partnerId_slug: { partnerId, slug: input.slug } } }))) {
      throw conflict(`Slug "${input.slug}" is already in use`, 'SLUG_CONFLICT');
    }
    const created = await tx.organization.create({
      data: {
        partnerId,
        name: input.name,
        slug: input.slug ?? (await uniqueOrgSlug(tx, partnerId, input.name)),
        status: input.status,
        timezone: input.timezone ?? null,
        settings: input.settings as Prisma.InputJsonValue,
        contractStart: input.contractStart ? new Date(input.contractStart) : null,
        billingContact: (input.billingContact ?? undefined) as Prisma.InputJsonValue | undefined,
        maxDevices: input.maxDevices ?? null,
      },
    });
    await writeAudit(ctx, { action: 'organization.create', targetType: 'organization', targetId: created.id, partnerId, orgId: created.id, details: { name: created.name } }, tx);
    return created;
  });
  return toOrganizationDto(org);
}
