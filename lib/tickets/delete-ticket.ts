import { db, type Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import type { TicketWithRefs } from '@/lib/tickets/to-ticket-dto';
import { getAnyTicketForUpdateOrThrow, ticketDeleted } from '@/lib/tickets/get-ticket-or-throw';

/** Moves a locked, live ticket to the Archived queue. Comments and attachments stay. */
export async function softDeleteTicket(tx: Tx, ctx: ActorContext, ticket: TicketWithRefs): Promise<void> {
  await tx.ticket.update({ where: { id: ticket.id }, data: { deletedAt: new Date(), deletedById: ctx.userId } });
  await writeAudit(ctx, {
    action: 'ticket.delete',
    targetType: 'ticket',
    targetId: ticket.id,
    partnerId: ticket.partnerId,
    orgId: ticket.orgId,
    details: { number: ticket.number, subject: ticket.subject },
  }, tx);
}

/** DELETE /tickets/:id: soft delete (tickets:manage); a ticket already deleted answers 409 TICKET_DELETED. */
export async function deleteTicket(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const ticket = await getAnyTicketForUpdateOrThrow(ctx, id, tx);
    if (ticket.deletedAt) throw ticketDeleted();
    await softDeleteTicket(tx, ctx, ticket);
  });
}
