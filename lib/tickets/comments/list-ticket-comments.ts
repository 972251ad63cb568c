import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult, type PageInput } from '@/lib/http/pagination';
import { getTicketOrThrow } from '@/lib/tickets/get-ticket-or-throw';
import { audienceOf, visibleCommentWhere, type TicketAudience } from '@/lib/tickets/ticket-scope';
import { attachmentSelect } from '@/lib/tickets/attachments/to-attachment-dto';
import { toCommentDto } from '@/lib/tickets/comments/to-comment-dto';
import type { ZListCommentsQuery } from '@/lib/tickets/schemas';

/**
 * The comments an audience sees on a ticket whose access was already checked, oldest first,
 * each with its attachments. The portal calls this with the `customer` audience.
 */
export async function listCommentsForAudience(ticketId: string, audience: TicketAudience, page: PageInput) {
  const where = { ticketId, ...visibleCommentWhere(audience) };
  const [rows, total] = await Promise.all([
    db.ticketComment.findMany({
      where,
      include: { attachments: { select: attachmentSelect, orderBy: { createdAt: 'asc' } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      ...pageArgs(page),
    }),
    db.ticketComment.count({ where }),
  ]);
  return pageResult(rows.map(toCommentDto), page, total);
}

/** GET /tickets/:id/comments */
export async function listTicketComments(ctx: ActorContext, ticketId: string, query: z.output<typeof ZListCommentsQuery>) {
  const ticket = await getTicketOrThrow(ctx, ticketId);
  return listCommentsForAudience(ticket.id, audienceOf(ctx), query);
}
