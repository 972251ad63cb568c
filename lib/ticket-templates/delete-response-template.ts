import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { getResponseTemplateOrThrow } from '@/lib/ticket-templates/response-template-store';

export async function deleteResponseTemplate(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await getResponseTemplateOrThrow(ctx, id, tx);
    await tx.ticketResponseTemplate.delete({ where: { id: current.id } });
    await writeAudit(ctx, { action: 'ticket_response_template.delete', targetType: 'ticket_response_template', targetId: id, partnerId: current.partnerId, orgId: null, details: { name: current.name } }, tx);
  });
}
