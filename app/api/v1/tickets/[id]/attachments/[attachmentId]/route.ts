// /api/v1/tickets/:id/attachments/:attachmentId — one attachment's metadata, and its removal.
import { defineRoute } from '@/lib/http/define-route';
import { ZAttachment, ZTicketAttachmentParams } from '@/lib/tickets/schemas';
import { getTicketAttachment } from '@/lib/tickets/attachments/get-attachment-content';
import { deleteTicketAttachment } from '@/lib/tickets/attachments/delete-ticket-attachment';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:read',
  params: ZTicketAttachmentParams,
  summary: 'Get attachment metadata',
  description: 'Another user’s pending upload, and for organization users an attachment of an internal note, answers 404.',
  tags: ['Tickets'],
  response: ZAttachment,
  handler: ({ ctx, params }) => getTicketAttachment(ctx, params.id, params.attachmentId),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:write',
  params: ZTicketAttachmentParams,
  summary: 'Delete an attachment',
  description:
    '`tickets:write` removes the caller’s own pending upload or a file of the caller’s own comment; other users’ attachments (including their pending uploads) need `tickets:manage` (403 otherwise). Bucket objects are removed by a background job. 409 `TICKET_DELETED` on a soft-deleted ticket.',
  tags: ['Tickets'],
  handler: ({ ctx, params }) => deleteTicketAttachment(ctx, params.id, params.attachmentId),
});
