// POST /portal/tickets/:id/comments: a customer replies (always public), with up to 5 files.
// The comment and its attachments commit together; a reply reopens a ticket that waited on the
// customer or was resolved. Closed tickets take no replies: the customer opens a new one.
import { db } from '@/lib/db';
import type { PortalContext } from '@/lib/auth/context';
import { badRequest, conflict } from '@/lib/http/errors';
import { insertTicketComment } from '@/lib/tickets/comments/insert-ticket-comment';
import { attachmentRowData, discardPlacedBytes, placeAttachmentBytes } from '@/lib/tickets/attachments/place-attachment-bytes';
import { findPortalTicket, lockPortalTicket } from '@/lib/portal/tickets/find-portal-ticket';
import { consumeSubmissionBudget, readPortalSubmission } from '@/lib/portal/tickets/read-portal-submission';
import { PORTAL_COMMENT_FIELDS, ZCreatePortalComment } from '@/lib/portal/tickets/schemas';
import { toPortalCommentDtos } from '@/lib/portal/tickets/to-portal-comments';

const ticketClosed = () => conflict('This ticket is closed; open a new ticket instead', 'TICKET_CLOSED');

export async function addPortalComment(ctx: PortalContext, ticketId: string, req: Request) {
  const before = await findPortalTicket(ctx, ticketId);
  if (before.status === 'closed') throw ticketClosed();
  await consumeSubmissionBudget(ctx);
  const { input, files } = await readPortalSubmission(req, ZCreatePortalComment, PORTAL_COMMENT_FIELDS);
  if (input.content.trim() === '' && files.length === 0) throw badRequest('Write a message or attach a file', [{ path: 'body.content', message: 'content may be empty only with files' }]);
  const contact = await db.contact.findUniqueOrThrow({ where: { id: ctx.contactId }, select: { name: true } });
  const placed = await placeAttachmentBytes(files);
  try {
    const comment = await db.$transaction(async (tx) => {
      const ticket = await lockPortalTicket(ctx, ticketId, tx);
      if (ticket.status === 'closed') throw ticketClosed();
      for (const p of placed) await tx.ticketAttachment.create({ data: attachmentRowData(p, ticket, ctx.contactId) });
      return insertTicketComment(tx, ctx, ticket, {
        visibility: 'public',
        content: input.content,
        attachmentIds: placed.map((p) => p.id),
        author: { type: 'requester', name: contact.name, email: ctx.email, uploaderId: ctx.contactId },
        source: 'portal',
      });
    }, { maxWait: 10_000, timeout: 60_000 });
    const [dto] = await toPortalCommentDtos([{ ...comment, authorType: 'requester', attachments: comment.attachments.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })) }], ctx);
    return dto;
  } catch (error) {
    await discardPlacedBytes(placed);
    throw error;
  }
}
