import { z } from 'zod';
import { db } from '@/lib/db';
import { conflict } from '@/lib/http/errors';
import type { UserContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZCreatePartner } from '@/lib/partners/schemas';
import { seedPartnerRoles } from '@/lib/partners/seed-partner-roles';
import { toPartnerDto } from '@/lib/partners/to-partner-dto';

export async function createPartner(ctx: UserContext, input: z.output<typeof ZCreatePartner>) {
  const taken = await db.partner.findUnique({ where: { slug: input.slug }, select: { id: true } });
  if (taken) throw conflict(`Slug "${input.slug}" is already in use`, 'SLUG_CONFLICT');
  const partner = await db.$transaction(async (tx) => {
    const created = await tx.partner.create({
      data: {
        name: input.name,
        slug: input.slug,
        type: input.type,
        plan: input.plan,
        status: input.status,
        maxOrganizations: input.maxOrganizations ?? null,
        maxDevices: input.maxDevices ?? null,
        billingEmail: input.billingEmail ?? null,
      },
    });
    await seedPartnerRoles(tx, created.id);
    await writeAudit(ctx, { action: 'partner.create', targetType: 'partner', targetId: created.id, partnerId: created.id, details: { slug: created.slug } }, tx);
    return created;
  });
  return toPartnerDto(partner);
}
