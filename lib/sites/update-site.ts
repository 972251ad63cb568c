import { z } from 'zod';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZUpdateSite } from '@/lib/sites/schemas';
import { getSiteOrThrow } from '@/lib/sites/get-site-or-throw';
import { toSiteDto } from '@/lib/sites/site-scope';

export async function updateSite(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateSite>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  const site = await db.$transaction(async (tx) => {
    const current = await getSiteOrThrow(ctx, id, tx);
    const updated = await tx.site.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
        ...(input.address !== undefined ? { address: input.address } : {}),
        ...(input.contact !== undefined ? { contact: input.contact === null ? Prisma.DbNull : (input.contact as Prisma.InputJsonValue) } : {}),
      },
    });
    await writeAudit(ctx, { action: 'site.update', targetType: 'site', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { fields: Object.keys(input) } }, tx);
    return updated;
  });
  return toSiteDto(site);
}

