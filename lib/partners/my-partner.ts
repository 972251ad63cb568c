import { z } from 'zod';
import { db } from '@/lib/db';
import { badRequest, notFound } from '@/lib/http/errors';
import type { ActorContext, UserContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { ZUpdateMyPartner } from '@/lib/partners/schemas';
import { buildPartnerUpdate } from '@/lib/partners/build-partner-update';
import { partnerDto } from '@/lib/partners/to-partner-dto';
import { assertPsaBinding } from '@/lib/psa/assert-psa-binding';
import { ownPartnerWhere } from '@/lib/tenancy/scope';

export async function getMyPartner(ctx: ActorContext) {
  const partner = await db.partner.findFirst({ where: { id: ownPartnerWhere(ctx).partnerId, deletedAt: null } });
  if (!partner) throw notFound('Partner');
  return partnerDto(partner);
}

export async function updateMyPartner(ctx: UserContext, input: z.output<typeof ZUpdateMyPartner>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  const updated = await db.$transaction(async (tx) => {
    // Row lock: two concurrent settings PATCHes merge one after the other, neither is lost.
    const rows = await tx.$queryRaw<{ id: string }[]>`select id from partners where id = ${ctx.partnerId}::uuid and deleted_at is null for update`;
    if (rows.length === 0) throw notFound('Partner');
    const current = await tx.partner.findUniqueOrThrow({ where: { id: ctx.partnerId! } });
    const data = buildPartnerUpdate(current, input);
    await assertPsaBinding(tx, current.id, data);
    const partner = await tx.partner.update({ where: { id: current.id }, data });
    await writeAudit(ctx, {
      action: 'partner.settings_update',
      targetType: 'partner',
      targetId: current.id,
      orgId: null,
      details: { fields: Object.keys(input), settingsKeys: input.settings ? Object.keys(input.settings) : [] },
    }, tx);
    return partner;
  });
  return partnerDto(updated);
}
