// POST /partner-api/sites: create-only, into an organization the principal can access (403).
import type { z } from 'zod';
import type { Tx } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ServicePrincipalContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { toSiteDto } from '@/lib/sites/site-scope';
import { ZProvisionSite } from '@/lib/partner-api/schemas';
import { accessibleOrganizationOrThrow } from '@/lib/partner-api/accessible-organization';

export async function provisionSite(ctx: ServicePrincipalContext, input: z.output<typeof ZProvisionSite>, tx: Tx) {
  const org = await accessibleOrganizationOrThrow(ctx, input.orgId, tx);
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
  await writeAudit(ctx, { action: 'site.create', targetType: 'site', targetId: created.id, partnerId: org.partnerId, orgId: org.id, details: { name: created.name, via: 'partner_api' } }, tx);
  return { ...toSiteDto(created), siteId: created.id };
}
