// POST /portal/tickets: a customer opens a ticket, through insertTicket like every creator, so
// the service-management gate applies (409 service_management_off). Attached files arrive with
// the request and are posted as the requester's first public comment, in the same transaction.
import { db } from '@/lib/db';
import type { PortalContext } from '@/lib/auth/context';
import { assertTicketCreationAllowed } from '@/lib/tickets/assert-ticket-creation-allowed';
import { insertTicket } from '@/lib/tickets/insert-ticket';
import { insertTicketComment } from '@/lib/tickets/comments/insert-ticket-comment';
import { attachmentRowData, discardPlacedBytes, placeAttachmentBytes } from '@/lib/tickets/attachments/place-attachment-bytes';
import { consumeSubmissionBudget, readPortalSubmission } from '@/lib/portal/tickets/read-portal-submission';
import { PORTAL_TICKET_FIELDS, ZCreatePortalTicket } from '@/lib/portal/tickets/schemas';
import { toPortalTicketDto } from '@/lib/portal/tickets/to-portal-dto';

export async function createPortalTicket(ctx: PortalContext, req: Request) {
  await consumeSubmissionBudget(ctx);
  // Cheap refusal before the body is read; insertTicket checks again under a lock.
  await assertTicketCreationAllowed(db, ctx.partnerId);
  const { input, files } = await readPortalSubmission(req, ZCreatePortalTicket, PORTAL_TICKET_FIELDS);
  const contact = await db.contact.findUniqueOrThrow({ where: { id: ctx.contactId }, select: { name: true, site: { select: { id: true, deletedAt: true } } } });
  const placed = await placeAttachmentBytes(files);
  try {
    const ticket = await db.$transaction(async (tx) => {
      const created = await insertTicket(tx, ctx, {
        partnerId: ctx.partnerId,
        orgId: ctx.orgId,
        siteId: contact.site && !contact.site.deletedAt ? contact.site.id : null,
        subject: input.subject,
        description: input.description,
        priority: input.priority,
        type: input.type,
        source: 'portal',
        requesterName: contact.name,
        requesterEmail: ctx.email,
      });
      if (placed.length > 0) {
        for (const p of placed) await tx.ticketAttachment.create({ data: attachmentRowData(p, created, ctx.contactId) });
        await insertTicketComment(tx, ctx, created, {
          visibility: 'public',
          content: '',
          attachmentIds: placed.map((p) => p.id),
          author: { type: 'requester', name: contact.name, email: ctx.email, uploaderId: ctx.contactId },
          source: 'portal',
        });
      }
      return created;
      // Up to 5 × 10 MiB of bytea can outlast Prisma's 5 s default on a busy database.
    }, { maxWait: 10_000, timeout: 60_000 });
    return toPortalTicketDto(ticket, ctx);
  } catch (error) {
    await discardPlacedBytes(placed);
    throw error;
  }
}
