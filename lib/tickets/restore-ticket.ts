import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getAnyTicketForUpdateOrThrow } from '@/lib/tickets/get-ticket-or-throw';
import { ticketInclude, toTicketDto } from '@/lib/tickets/to-ticket-dto';

/** POST /tickets/:id/restore: back from the Archived queue with everything it had. */
export async function restoreTicket(ctx: ActorContext, id: string) {
  const ticket = await db.$transaction(async (tx) => {
    const current = await getAnyTicketForUpdateOrThrow(ctx, id, tx);
    if (!current.deletedAt) throw conflict('Ticket is not deleted', 'TICKET_NOT_DELETED');
    const restored = await tx.ticket.update({ where: { id }, data: { deletedAt: null, deletedById: null }, include: ticketInclude });
    await writeAudit(ctx, {
      action: 'ticket.restore',
      targetType: 'ticket',
      targetId: id,
      partnerId: restored.partnerId,
      orgId: restored.orgId,
      details: { number: restored.number },
    }, tx);
    return restored;
  });
  return toTicketDto(ticket);
}
