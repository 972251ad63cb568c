import type { TicketAttachment } from '@/lib/generated/prisma/client';
import type { TAttachment } from '@/lib/tickets/schemas';

/** Metadata columns only: the bytes (blob relation, object key) never leave through a DTO. */
export const attachmentSelect = {
  id: true,
  ticketId: true,
  commentId: true,
  fileName: true,
  contentType: true,
  sizeBytes: true,
  sha256: true,
  uploadedById: true,
  createdAt: true,
} as const;

export type AttachmentMeta = Pick<TicketAttachment, keyof typeof attachmentSelect>;

export function toAttachmentDto(a: AttachmentMeta): TAttachment {
  return {
    id: a.id,
    ticketId: a.ticketId,
    commentId: a.commentId,
    fileName: a.fileName,
    contentType: a.contentType as TAttachment['contentType'],
    sizeBytes: a.sizeBytes,
    sha256: a.sha256,
    uploadedById: a.uploadedById,
    createdAt: a.createdAt.toISOString(),
    contentUrl: `/api/v1/tickets/${a.ticketId}/attachments/${a.id}/content`,
  };
}
