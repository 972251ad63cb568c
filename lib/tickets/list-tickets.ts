import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { forbidden } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { ticketWhere } from '@/lib/tickets/ticket-scope';
import { ticketInclude, toTicketDto } from '@/lib/tickets/to-ticket-dto';
import { OPEN_STATUSES, type ZListTicketsQuery } from '@/lib/tickets/schemas';

type Query = z.output<typeof ZListTicketsQuery>;

function searchWhere(search: string): Prisma.TicketWhereInput {
  const number = /^#?(\d{1,9})$/.exec(search);
  return {
    OR: [
      { subject: { contains: search, mode: 'insensitive' } },
      { requesterEmail: { contains: search.toLowerCase() } },
      ...(number ? [{ number: Number(number[1]) }] : []),
    ],
  };
}

function orderBy(query: Query): Prisma.TicketOrderByWithRelationInput[] {
  const dir = query.sortDir;
  const primary: Prisma.TicketOrderByWithRelationInput =
    query.sort === 'dueAt' ? { dueAt: { sort: dir, nulls: 'last' } } : { [query.sort]: dir };
  return [primary, { number: dir }, { id: 'asc' }];
}

/** GET /tickets: the caller's tickets, or with `deleted=only` the Archived queue (tickets:manage). */
export async function listTickets(ctx: ActorContext, query: Query) {
  if (query.deleted === 'only' && !ctx.permissions.has('tickets:manage')) throw forbidden('The Archived queue needs tickets:manage');
  const now = new Date();
  const where: Prisma.TicketWhereInput = {
    AND: [
      ticketWhere(ctx),
      { deletedAt: query.deleted === 'only' ? { not: null } : null },
      query.status ? { status: { in: query.status } } : {},
      query.priority ? { priority: { in: query.priority } } : {},
      query.type ? { type: { in: query.type } } : {},
      query.source ? { source: { in: query.source } } : {},
      query.orgId ? { orgId: query.orgId } : {},
      query.siteId ? { siteId: query.siteId } : {},
      query.deviceId ? { deviceId: query.deviceId } : {},
      query.assigneeId === 'me' ? { assigneeId: ctx.userId } : query.assigneeId === 'none' ? { assigneeId: null } : query.assigneeId ? { assigneeId: query.assigneeId } : {},
      query.requesterEmail ? { requesterEmail: query.requesterEmail } : {},
      query.tag ? { tags: { has: query.tag } } : {},
      query.overdue === true ? { dueAt: { lt: now }, status: { in: OPEN_STATUSES } } : {},
      query.overdue === false ? { OR: [{ dueAt: null }, { dueAt: { gte: now } }, { status: { notIn: OPEN_STATUSES } }] } : {},
      query.createdAfter ? { createdAt: { gte: query.createdAfter } } : {},
      query.createdBefore ? { createdAt: { lt: query.createdBefore } } : {},
      query.search ? searchWhere(query.search) : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.ticket.findMany({ where, include: ticketInclude, orderBy: orderBy(query), ...pageArgs(query) }),
    db.ticket.count({ where }),
  ]);
  return pageResult(rows.map((t) => toTicketDto(t, now)), query, total);
}
