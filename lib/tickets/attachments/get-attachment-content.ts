import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { getTicketOrThrow } from '@/lib/tickets/get-ticket-or-throw';
import { audienceOf, visibleAttachmentWhere } from '@/lib/tickets/ticket-scope';
import { attachmentSelect, toAttachmentDto } from '@/lib/tickets/attachments/to-attachment-dto';
import { serveAttachment } from '@/lib/tickets/attachments/serve-attachment';

async function findVisibleAttachment(ctx: ActorContext, ticketId: string, attachmentId: string) {
  const ticket = await getTicketOrThrow(ctx, ticketId);
  const attachment = await db.ticketAttachment.findFirst({
    where: { AND: [{ id: attachmentId, ticketId: ticket.id }, visibleAttachmentWhere(audienceOf(ctx), ctx.userId)] },
    select: { ...attachmentSelect, storage: true, storageBucket: true, storageKey: true },
  });
  if (!attachment) throw notFound('Attachment');
  return attachment;
}

/** GET /tickets/:id/attachments/:attachmentId */
export async function getTicketAttachment(ctx: ActorContext, ticketId: string, attachmentId: string) {
  return toAttachmentDto(await findVisibleAttachment(ctx, ticketId, attachmentId));
}

/** GET /tickets/:id/attachments/:attachmentId/content */
export async function getAttachmentContent(ctx: ActorContext, ticketId: string, attachmentId: string, req: Request): Promise<Response> {
  return serveAttachment(await findVisibleAttachment(ctx, ticketId, attachmentId), req.headers.get('if-none-match'));
}
