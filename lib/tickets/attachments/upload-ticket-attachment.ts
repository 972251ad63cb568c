// POST /tickets/:id/attachments: a pending upload owned by its uploader until a comment claims it.
// Cheap refusals (scope, deleted ticket, rate, pending count) come before the body is read.
import { db, type DbOrTx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { tooManyRequests } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { assertTicketWritable, getWritableTicketOrThrow } from '@/lib/tickets/get-ticket-or-throw';
import { readSingleFileUpload } from '@/lib/tickets/attachments/read-single-file-upload';
import { attachmentSelect, toAttachmentDto } from '@/lib/tickets/attachments/to-attachment-dto';
import { attachmentRowData, discardPlacedBytes, placeAttachmentBytes } from '@/lib/tickets/attachments/place-attachment-bytes';
import { MAX_ATTACHMENT_BYTES, MAX_PENDING_UPLOADS_PER_USER, UPLOADS_PER_MINUTE_PER_USER } from '@/lib/tickets/attachments/limits';

const tooManyPending = () =>
  tooManyRequests(`You already hold ${MAX_PENDING_UPLOADS_PER_USER} pending uploads: post them in a comment or delete some`, 60, 'TOO_MANY_PENDING');

const pendingCount = (client: DbOrTx, userId: string) => client.ticketAttachment.count({ where: { uploadedById: userId, commentId: null } });

export async function uploadTicketAttachment(ctx: ActorContext, ticketId: string, req: Request) {
  await assertTicketWritable(ctx, ticketId);
  const rate = await consumeRateLimit(`ticket-attachment-upload:${ctx.userId}`, UPLOADS_PER_MINUTE_PER_USER, 60);
  if (!rate.allowed) throw tooManyRequests(`Upload limit reached: ${UPLOADS_PER_MINUTE_PER_USER} per minute`, rate.retryAfterSeconds);
  if ((await pendingCount(db, ctx.userId)) >= MAX_PENDING_UPLOADS_PER_USER) throw tooManyPending();

  const file = await readSingleFileUpload(req, MAX_ATTACHMENT_BYTES);

  const [placed] = await placeAttachmentBytes([file]);
  try {
    const row = await db.$transaction(async (tx) => {
      // Serialises one user's concurrent uploads so the pending limit cannot be overrun.
      await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended(${`ticket-pending:${ctx.userId}`}, 0))`;
      const ticket = await getWritableTicketOrThrow(ctx, ticketId, tx);
      if ((await pendingCount(tx, ctx.userId)) >= MAX_PENDING_UPLOADS_PER_USER) throw tooManyPending();
      const created = await tx.ticketAttachment.create({ data: attachmentRowData(placed, ticket, ctx.userId), select: attachmentSelect });
      await writeAudit(ctx, {
        action: 'ticket.attachment.upload',
        targetType: 'ticket_attachment',
        targetId: placed.id,
        partnerId: ticket.partnerId,
        orgId: ticket.orgId,
        details: { ticketId: ticket.id, number: ticket.number, fileName: file.fileName, contentType: file.contentType, sizeBytes: file.data.length, storage: placed.bucket ? 's3' : 'database' },
      }, tx);
      return created;
      // Writing up to 10 MiB of bytea can outlast Prisma's 5 s default on a busy database.
    }, { maxWait: 10_000, timeout: 60_000 });
    return toAttachmentDto(row);
  } catch (error) {
    await discardPlacedBytes([placed]);
    throw error;
  }
}
