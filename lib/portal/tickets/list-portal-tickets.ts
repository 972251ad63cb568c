import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { PortalContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { ticketWhere } from '@/lib/tickets/ticket-scope';
import { ticketInclude } from '@/lib/tickets/to-ticket-dto';
import { OPEN_STATUSES } from '@/lib/tickets/schemas';
import { toPortalTicketDto } from '@/lib/portal/tickets/to-portal-dto';
import type { ZListPortalTicketsQuery } from '@/lib/portal/tickets/schemas';

/** GET /portal/tickets: the organization's live tickets, most recently active first. */
export async function listPortalTickets(ctx: PortalContext, query: z.output<typeof ZListPortalTicketsQuery>) {
  const number = query.search ? /^#?(\d{1,9})$/.exec(query.search) : null;
  const where: Prisma.TicketWhereInput = {
    AND: [
      ticketWhere(ctx),
      { deletedAt: null },
      query.status === 'open' ? { status: { in: OPEN_STATUSES } } : query.status === 'closed' ? { status: { notIn: OPEN_STATUSES } } : {},
      query.mine ? { requesterEmail: ctx.email } : {},
      query.search ? { OR: [{ subject: { contains: query.search, mode: 'insensitive' } }, ...(number ? [{ number: Number(number[1]) }] : [])] } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.ticket.findMany({ where, include: ticketInclude, orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.ticket.count({ where }),
  ]);
  return pageResult(rows.map((t) => toPortalTicketDto(t, ctx)), query, total);
}
