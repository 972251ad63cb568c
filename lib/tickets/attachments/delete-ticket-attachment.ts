import { db, type Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { forbidden, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { getWritableTicketOrThrow } from '@/lib/tickets/get-ticket-or-throw';
import { audienceOf, visibleAttachmentWhere } from '@/lib/tickets/ticket-scope';

/** Removes attachment rows (inline bytes cascade) and queues removal of bucket objects, in the caller's transaction. */
export async function removeAttachments(tx: Tx, rows: { id: string; storage: string; storageBucket: string | null; storageKey: string | null }[]) {
  if (rows.length === 0) return;
  await tx.ticketAttachment.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
  for (const r of rows) {
    if (r.storage === 's3' && r.storageBucket && r.storageKey) {
      await enqueueJob(tx, 'delete_attachment_object', { bucket: r.storageBucket, key: r.storageKey }, { maxAttempts: 25 });
    }
  }
}

/**
 * DELETE /tickets/:id/attachments/:attachmentId. tickets:write removes your own pending upload or
 * a file of your own comment; anything else needs tickets:manage (doc 2).
 */
export async function deleteTicketAttachment(ctx: ActorContext, ticketId: string, attachmentId: string): Promise<void> {
  const manage = ctx.permissions.has('tickets:manage');
  await db.$transaction(async (tx) => {
    const ticket = await getWritableTicketOrThrow(ctx, ticketId, tx);
    // Row lock: a comment claiming this upload at the same moment either wins first or finds it gone.
    await tx.$executeRaw`select 1 from ticket_attachments where id = ${attachmentId}::uuid for update`;
    const visible = visibleAttachmentWhere(audienceOf(ctx), ctx.userId);
    const attachment = await tx.ticketAttachment.findFirst({
      where: { AND: [{ id: attachmentId, ticketId: ticket.id }, manage ? { OR: [visible, { commentId: null }] } : visible] },
      include: { comment: { select: { authorUserId: true } } },
    });
    if (!attachment) throw notFound('Attachment');
    const own = attachment.commentId === null ? attachment.uploadedById === ctx.userId : attachment.comment?.authorUserId === ctx.userId;
    if (!own && !manage) throw forbidden('Removing another user’s attachment needs tickets:manage');
    await removeAttachments(tx, [attachment]);
    await writeAudit(ctx, {
      action: 'ticket.attachment.delete',
      targetType: 'ticket_attachment',
      targetId: attachment.id,
      partnerId: ticket.partnerId,
      orgId: ticket.orgId,
      details: { ticketId: ticket.id, number: ticket.number, fileName: attachment.fileName, commentId: attachment.commentId, own },
    }, tx);
  });
}
