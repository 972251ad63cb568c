import type { TicketComment } from '@/lib/generated/prisma/client';
import { toAttachmentDto, type AttachmentMeta } from '@/lib/tickets/attachments/to-attachment-dto';

export function toCommentDto(c: TicketComment & { attachments: AttachmentMeta[] }) {
  return {
    id: c.id,
    ticketId: c.ticketId,
    visibility: c.visibility,
    authorType: c.authorType as 'user' | 'requester' | 'system',
    authorUserId: c.authorUserId,
    authorName: c.authorName,
    authorEmail: c.authorEmail,
    content: c.content,
    source: c.source,
    attachments: c.attachments.map(toAttachmentDto),
    createdAt: c.createdAt.toISOString(),
  };
}
