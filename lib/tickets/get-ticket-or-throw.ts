// One query for lookup and authorization. Soft-deleted tickets answer 404 to reads and 409
// TICKET_DELETED to writes (doc 2), but only to callers who can see them at all.
import type { DbOrTx, Tx } from '@/lib/db';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { conflict, notFound } from '@/lib/http/errors';
import { ticketInclude, type TicketWithRefs } from '@/lib/tickets/to-ticket-dto';
import { ticketWhere } from '@/lib/tickets/ticket-scope';

export const ticketDeleted = () => conflict('Ticket is deleted; restore it first', 'TICKET_DELETED');

async function findTicket(ctx: ScopedContext, id: string, client: DbOrTx): Promise<TicketWithRefs> {
  const ticket = await client.ticket.findFirst({ where: { AND: [{ id }, ticketWhere(ctx)] }, include: ticketInclude });
  if (!ticket) throw notFound('Ticket');
  return ticket;
}

/** For reads: a soft-deleted ticket is not found. */
export async function getTicketOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db): Promise<TicketWithRefs> {
  const ticket = await findTicket(ctx, id, client);
  if (ticket.deletedAt) throw notFound('Ticket');
  return ticket;
}

/**
 * For writes, inside their transaction: a soft-deleted ticket answers 409 TICKET_DELETED. The row
 * is locked so concurrent writers (delete, status change, comment) apply one after another.
 */
export async function getWritableTicketOrThrow(ctx: ScopedContext, id: string, tx: Tx): Promise<TicketWithRefs> {
  await tx.$executeRaw`select 1 from tickets where id = ${id}::uuid for update`;
  return assertTicketWritable(ctx, id, tx);
}

/** The same answers without a lock, for a pre-check before slow work (an upload's body). */
export async function assertTicketWritable(ctx: ScopedContext, id: string, client: DbOrTx = db): Promise<TicketWithRefs> {
  const ticket = await findTicket(ctx, id, client);
  if (ticket.deletedAt) throw ticketDeleted();
  return ticket;
}

/** For delete/restore: live or soft-deleted, locked. */
export async function getAnyTicketForUpdateOrThrow(ctx: ScopedContext, id: string, tx: Tx): Promise<TicketWithRefs> {
  await tx.$executeRaw`select 1 from tickets where id = ${id}::uuid for update`;
  return findTicket(ctx, id, tx);
}
