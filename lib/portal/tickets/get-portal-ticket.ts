import { z } from 'zod';
import type { PortalContext } from '@/lib/auth/context';
import { listCommentsForAudience } from '@/lib/tickets/comments/list-ticket-comments';
import { findPortalTicket } from '@/lib/portal/tickets/find-portal-ticket';
import { toPortalTicketDto } from '@/lib/portal/tickets/to-portal-dto';
import { toPortalCommentDtos } from '@/lib/portal/tickets/to-portal-comments';
import type { ZPortalTicketQuery } from '@/lib/portal/tickets/schemas';

/** GET /portal/tickets/:id: the ticket and its public conversation (internal notes never appear). */
export async function getPortalTicket(ctx: PortalContext, id: string, query: z.output<typeof ZPortalTicketQuery>) {
  const ticket = await findPortalTicket(ctx, id);
  const comments = await listCommentsForAudience(ticket.id, 'customer', query);
  return { ...toPortalTicketDto(ticket, ctx), comments: { data: await toPortalCommentDtos(comments.data, ctx), pagination: comments.pagination } };
}
