// GET /portal/tickets/:id/attachments/:attachmentId/content — the portal content route (doc 2:
// customers see attachments of public comments only). An internal note's file, a pending upload
// and anything of another organization all answer 404.
import { db } from '@/lib/db';
import type { PortalContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { visibleAttachmentWhere } from '@/lib/tickets/ticket-scope';
import { attachmentSelect } from '@/lib/tickets/attachments/to-attachment-dto';
import { serveAttachment } from '@/lib/tickets/attachments/serve-attachment';
import { findPortalTicket } from '@/lib/portal/tickets/find-portal-ticket';

export async function getPortalAttachmentContent(ctx: PortalContext, ticketId: string, attachmentId: string, req: Request): Promise<Response> {
  const ticket = await findPortalTicket(ctx, ticketId);
  const attachment = await db.ticketAttachment.findFirst({
    where: { AND: [{ id: attachmentId, ticketId: ticket.id }, visibleAttachmentWhere('customer', null)] },
    select: { ...attachmentSelect, storage: true, storageBucket: true, storageKey: true },
  });
  if (!attachment) throw notFound('Attachment');
  return serveAttachment(attachment, req.headers.get('if-none-match'));
}
