// POST /tickets/:id/attachments: a pending upload owned by its uploader until a comment claims it.
// Cheap refusals (scope, deleted ticket, rate, pending count) come before the body is read.
import { randomUUID } from 'node:crypto';
import { db, type DbOrTx } from '@/lib/db';
import type { UserContext } from '@/lib/auth/context';
import { tooManyRequests } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { logger } from '@/lib/observability/logger';
import { consumeRateLimit } from '@/lib/rate-limit/consume-rate-limit';
import { configuredBucket, deleteObject, putObject } from '@/lib/storage/object-storage';
import { assertTicketWritable, getWritableTicketOrThrow } from '@/lib/tickets/get-ticket-or-throw';
import { readSingleFileUpload } from '@/lib/tickets/attachments/read-single-file-upload';
import { attachmentSelect, toAttachmentDto } from '@/lib/tickets/attachments/to-attachment-dto';
import { attachmentObjectKey, MAX_ATTACHMENT_BYTES, MAX_PENDING_UPLOADS_PER_USER, UPLOADS_PER_MINUTE_PER_USER } from '@/lib/tickets/attachments/limits';

const tooManyPending = () =>
  tooManyRequests(`You already hold ${MAX_PENDING_UPLOADS_PER_USER} pending uploads: post them in a comment or delete some`, 60, 'TOO_MANY_PENDING');

const pendingCount = (client: DbOrTx, userId: string) => client.ticketAttachment.count({ where: { uploadedById: userId, commentId: null } });

export async function uploadTicketAttachment(ctx: UserContext, ticketId: string, req: Request) {
  await assertTicketWritable(ctx, ticketId);
  const rate = await consumeRateLimit(`ticket-attachment-upload:${ctx.userId}`, UPLOADS_PER_MINUTE_PER_USER, 60);
  if (!rate.allowed) throw tooManyRequests(`Upload limit reached: ${UPLOADS_PER_MINUTE_PER_USER} per minute`, rate.retryAfterSeconds);
  if ((await pendingCount(db, ctx.userId)) >= MAX_PENDING_UPLOADS_PER_USER) throw tooManyPending();

  const file = await readSingleFileUpload(req, MAX_ATTACHMENT_BYTES);

  // Where the bytes live is decided now, once, and recorded on the row.
  const id = randomUUID();
  const bucket = configuredBucket();
  const key = attachmentObjectKey(id);
  if (bucket) await putObject(bucket, key, file.data, file.contentType);
  try {
    const row = await db.$transaction(async (tx) => {
      // Serialises one user's concurrent uploads so the pending limit cannot be overrun.
      await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended(${`ticket-pending:${ctx.userId}`}, 0))`;
      const ticket = await getWritableTicketOrThrow(ctx, ticketId, tx);
      if ((await pendingCount(tx, ctx.userId)) >= MAX_PENDING_UPLOADS_PER_USER) throw tooManyPending();
      const created = await tx.ticketAttachment.create({
        data: {
          id,
          partnerId: ticket.partnerId,
          orgId: ticket.orgId,
          ticketId: ticket.id,
          uploadedById: ctx.userId,
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.data.length,
          sha256: file.sha256,
          storage: bucket ? 's3' : 'database',
          storageBucket: bucket,
          storageKey: bucket ? key : null,
          ...(bucket ? {} : { blob: { create: { data: new Uint8Array(file.data) } } }),
        },
        select: attachmentSelect,
      });
      await writeAudit(ctx, {
        action: 'ticket.attachment.upload',
        targetType: 'ticket_attachment',
        targetId: id,
        partnerId: ticket.partnerId,
        orgId: ticket.orgId,
        details: { ticketId: ticket.id, number: ticket.number, fileName: file.fileName, contentType: file.contentType, sizeBytes: file.data.length, storage: bucket ? 's3' : 'database' },
      }, tx);
      return created;
      // Writing up to 10 MiB of bytea can outlast Prisma's 5 s default on a busy database.
    }, { maxWait: 10_000, timeout: 60_000 });
    return toAttachmentDto(row);
  } catch (error) {
    // The row was never written: do not leave its bytes behind in the bucket.
    if (bucket) await deleteObject(bucket, key).catch((err) => logger.warn({ err, key }, 'could not remove object of a failed upload'));
    throw error;
  }
}
