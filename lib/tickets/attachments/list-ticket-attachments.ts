import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { getTicketOrThrow } from '@/lib/tickets/get-ticket-or-throw';
import { audienceOf, visibleAttachmentWhere } from '@/lib/tickets/ticket-scope';
import { attachmentSelect, toAttachmentDto } from '@/lib/tickets/attachments/to-attachment-dto';
import type { ZListCommentsQuery } from '@/lib/tickets/schemas';

/** GET /tickets/:id/attachments: attachments of the comments the caller sees, plus its own pending uploads. */
export async function listTicketAttachments(ctx: ActorContext, ticketId: string, query: z.output<typeof ZListCommentsQuery>) {
  const ticket = await getTicketOrThrow(ctx, ticketId);
  const where = { AND: [{ ticketId: ticket.id }, visibleAttachmentWhere(audienceOf(ctx), ctx.userId)] };
  const [rows, total] = await Promise.all([
    db.ticketAttachment.findMany({ where, select: attachmentSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...pageArgs(query) }),
    db.ticketAttachment.count({ where }),
  ]);
  return pageResult(rows.map(toAttachmentDto), query, total);
}
