import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { ZCreateSite } from '@/lib/sites/schemas';
import { toSiteDto } from '@/lib/sites/site-scope';

export async function createSite(ctx: ActorContext, input: z.output<typeof ZCreateSite>) {
  const site = await db.$transaction(async (tx) => {
    const org = await getOrganizationOrThrow(ctx, input.orgId, tx);
    const created = await tx.site.create({
      data: {
        partnerId: org.partnerId,
        orgId: org.id,
        name: input.name,
        timezone: input.timezone ?? org.timezone ?? null,
        address: input.address ?? null,
        contact: (input.contact ?? undefined) as Prisma.InputJsonValue | undefined,
      },
    });
    await writeAudit(ctx, { action: 'site.create', targetType: 'site', targetId: created.id, partnerId: org.partnerId, orgId: org.id, details: { name: created.name } }, tx);
    return created;
  });
  return toSiteDto(site);
}
