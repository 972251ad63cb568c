import { z } from 'zod';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZUpdateOrganization } from '@/lib/organizations/schemas';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { toOrganizationDto } from '@/lib/organizations/to-organization-dto';

const json = (v: unknown) => (v === null ? Prisma.DbNull : (v as Prisma.InputJsonValue));

export async function updateOrganization(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateOrganization>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  const org = await db.$transaction(async (tx) => {
    const current = await getOrganizationOrThrow(ctx, id, tx);
    if (input.slug && input.slug !== current.slug) {
      const clash = await tx.organization.findUnique({ where: { partnerId_slug: { partnerId: current.partnerId, slug: input.slug } } });
      if (clash) throw conflict(`Slug "${input.slug}" is already in use`, 'SLUG_CONFLICT');
    }
    const data: Prisma.OrganizationUpdateInput = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.slug !== undefined ? { slug: input.slug } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
      ...(input.settings !== undefined ? { settings: input.settings as Prisma.InputJsonValue } : {}),
      ...(input.contractStart !== undefined ? { contractStart: input.contractStart ? new Date(input.contractStart) : null } : {}),
      ...(input.billingContact !== undefined ? { billingContact: json(input.billingContact) } : {}),
      ...(input.maxDevices !== undefined ? { maxDevices: input.maxDevices } : {}),
    };
    const updated = await tx.organization.update({ where: { id }, data });
    await writeAudit(ctx, { action: 'organization.update', targetType: 'organization', targetId: id, partnerId: current.partnerId, orgId: id, details: { fields: Object.keys(input) } }, tx);
    return updated;
  });
  return toOrganizationDto(org);
}
