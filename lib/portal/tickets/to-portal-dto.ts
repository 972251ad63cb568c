// What a customer sees of a ticket and its conversation: no internal fields (tags, due dates,
// staff email addresses), attachment links through the portal content route.
import type { PortalContext } from '@/lib/auth/context';
import type { TicketWithRefs } from '@/lib/tickets/to-ticket-dto';
import type { TAttachment } from '@/lib/tickets/schemas';
import type { TPortalTicket } from '@/lib/portal/tickets/schemas';

export function toPortalTicketDto(t: TicketWithRefs, ctx: Pick<PortalContext, 'email'>): TPortalTicket {
  return {
    id: t.id,
    number: t.number,
    subject: t.subject,
    description: t.description,
    status: t.status,
    priority: t.priority,
    type: t.type,
    requesterName: t.requesterName,
    requesterEmail: t.requesterEmail,
    mine: t.requesterEmail === ctx.email,
    assigneeName: t.assignee?.name ?? null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    resolvedAt: t.resolvedAt?.toISOString() ?? null,
    closedAt: t.closedAt?.toISOString() ?? null,
  };
}

export const portalContentUrl = (ticketId: string, attachmentId: string) => `/api/v1/portal/tickets/${ticketId}/attachments/${attachmentId}/content`;

export function toPortalAttachmentDto(a: Pick<TAttachment, 'id' | 'ticketId' | 'fileName' | 'sizeBytes' | 'createdAt'> & { contentType: string }) {
  return { id: a.id, fileName: a.fileName, contentType: a.contentType, sizeBytes: a.sizeBytes, createdAt: a.createdAt, contentUrl: portalContentUrl(a.ticketId, a.id) };
}
