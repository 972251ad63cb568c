// A ticket of the portal user's organization, live (a soft-deleted ticket is simply gone for
// customers). One query does lookup and authorization: another organization's ticket is a 404.
import { db, type DbOrTx, type Tx } from '@/lib/db';
import type { PortalContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { ticketWhere } from '@/lib/tickets/ticket-scope';
import { ticketInclude, type TicketWithRefs } from '@/lib/tickets/to-ticket-dto';

export async function findPortalTicket(ctx: PortalContext, id: string, client: DbOrTx = db): Promise<TicketWithRefs> {
  const ticket = await client.ticket.findFirst({ where: { AND: [{ id }, ticketWhere(ctx), { deletedAt: null }] }, include: ticketInclude });
  if (!ticket) throw notFound('Ticket');
  return ticket;
}

/** For writes: the row is locked so a comment and a concurrent status change apply in turn. */
export async function lockPortalTicket(ctx: PortalContext, id: string, tx: Tx): Promise<TicketWithRefs> {
  await tx.$executeRaw`select 1 from tickets where id = ${id}::uuid for update`;
  return findPortalTicket(ctx, id, tx);
}
