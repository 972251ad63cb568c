// PATCH /analytics/sla/:id: thresholds, filters, name; the target kind and owner stay.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { badRequest } from '@/lib/http/errors';
import type { TSla, UpdateSlaInput } from '@/lib/analytics/schemas';
import { lockSla, slaDto } from '@/lib/analytics/sla-scope';

export async function updateSla(ctx: ActorContext, id: string, input: UpdateSlaInput): Promise<TSla> {
  return db.$transaction(async (tx) => {
    const current = await lockSla(tx, ctx, id);
    const next = { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
    if (next.resolveMinutes < next.responseMinutes) throw badRequest('resolveMinutes must be at least responseMinutes', [{ path: 'resolveMinutes', message: 'Below responseMinutes' }]);
    if (current.targetKind === 'alert' && input.priorities?.length) throw badRequest('Priorities apply to ticket definitions', [{ path: 'priorities', message: 'Not for alerts' }]);
    if (current.targetKind === 'ticket' && input.severities?.length) throw badRequest('Severities apply to alert definitions', [{ path: 'severities', message: 'Not for tickets' }]);
    const updated = await tx.slaDefinition.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.responseMinutes !== undefined ? { responseMinutes: input.responseMinutes } : {}),
        ...(input.resolveMinutes !== undefined ? { resolveMinutes: input.resolveMinutes } : {}),
        ...(input.severities !== undefined ? { severities: input.severities } : {}),
        ...(input.priorities !== undefined ? { priorities: input.priorities } : {}),
      },
    });
    await writeAudit(ctx, { action: 'sla_definition.update', targetType: 'sla_definition', targetId: id, partnerId: current.partnerId, orgId: current.orgId, details: { changed: Object.keys(input) } }, tx);
    return slaDto(updated);
  });
}
