// POST /analytics/sla: a definition for one organization or (orgId omitted) the whole partner.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { resolveRecordOwner } from '@/lib/tenancy/record-owner';
import type { CreateSlaInput, TSla } from '@/lib/analytics/schemas';
import { slaDto } from '@/lib/analytics/sla-scope';

export async function createSla(ctx: ActorContext, input: CreateSlaInput): Promise<TSla> {
  const owner = await resolveRecordOwner(ctx, input.orgId, 'SLA definitions');
  return db.$transaction(async (tx) => {
    const created = await tx.slaDefinition.create({
      data: {
        partnerId: owner.partnerId,
        orgId: owner.orgId,
        name: input.name,
        description: input.description ?? null,
        targetKind: input.targetKind,
        responseMinutes: input.responseMinutes,
        resolveMinutes: input.resolveMinutes,
        severities: input.severities,
        priorities: input.priorities,
        createdBy: ctx.userId,
      },
    });
    await writeAudit(ctx, { action: 'sla_definition.create', targetType: 'sla_definition', targetId: created.id, partnerId: created.partnerId, orgId: created.orgId, details: { name: created.name, targetKind: created.targetKind } }, tx);
    return slaDto(created);
  });
}
