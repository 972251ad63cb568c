import { z } from 'zod';
import { db } from '@/lib/db';
import { badRequest, conflict } from '@/lib/http/errors';
import type { UserContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZUpdatePartner } from '@/lib/partners/schemas';
import { getPartnerOrThrow } from '@/lib/partners/get-partner-or-throw';
import { buildPartnerUpdate } from '@/lib/partners/build-partner-update';
import { changePartnerStatus } from '@/lib/partners/change-partner-status';
import { assertPsaBinding } from '@/lib/psa/assert-psa-binding';
import { partnerDto } from '@/lib/partners/to-partner-dto';

/** PATCH /orgs/partners/:id (system scope, MFA): any partner field, including status moves. */
export async function updatePartner(ctx: UserContext, id: string, input: z.output<typeof ZUpdatePartner>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  const updated = await db.$transaction(async (tx) => {
    // Row lock first, as PATCH /orgs/partners/me and PSA connection deletion take it.
    await tx.$queryRaw`select id from partners where id = ${id}::uuid for update`;
    const current = await getPartnerOrThrow(id, tx);
    if (input.slug && input.slug !== current.slug) {
      const taken = await tx.partner.findUnique({ where: { slug: input.slug }, select: { id: true } });
      if (taken) throw conflict(`Slug "${input.slug}" is already in use`, 'SLUG_CONFLICT');
    }
    const { status, ...rest } = input;
    const data = buildPartnerUpdate(current, rest);
    await assertPsaBinding(tx, id, data);
    let partner = await tx.partner.update({ where: { id }, data });
    if (status && status !== current.status) partner = await changePartnerStatus(tx, ctx, partner, current.status, status);
    await writeAudit(ctx, {
      action: 'partner.update',
      targetType: 'partner',
      targetId: id,
      partnerId: id,
      orgId: null,
      details: {
        fields: Object.keys(input),
        ...(status ? { status: { from: current.status, to: status } } : {}),
        ...(input.ssoConfig !== undefined ? { ssoConfig: input.ssoConfig } : {}),
      },
    }, tx);
    return partner;
  });
  return partnerDto(updated);
}
