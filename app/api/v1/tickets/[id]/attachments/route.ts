// /api/v1/tickets/:id/attachments — uploads (pending until a comment claims them) and the list.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams, ZPageOf } from '@/lib/http/common-schemas';
import { ZAttachment, ZListCommentsQuery } from '@/lib/tickets/schemas';
import { listTicketAttachments } from '@/lib/tickets/attachments/list-ticket-attachments';
import { uploadTicketAttachment } from '@/lib/tickets/attachments/upload-ticket-attachment';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:read',
  params: ZIdParams,
  query: ZListCommentsQuery,
  summary: 'List attachments of a ticket',
  description: 'Attachments of the comments the caller sees, plus the caller’s own pending uploads (`commentId` null).',
  tags: ['Tickets'],
  response: ZPageOf(ZAttachment),
  handler: ({ ctx, params, query }) => listTicketAttachments(ctx, params.id, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:write',
  params: ZIdParams,
  // No `body`: the multipart stream is parsed (and cut off at the size limit) by the handler.
  requestBody: {
    contentType: 'multipart/form-data',
    description: 'Exactly one file, in field `file`, and no other parts.',
    schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } }, additionalProperties: false },
  },
  status: 201,
  errors: [429],
  summary: 'Upload an attachment',
  description: [
    'Returns metadata with `commentId: null`: the upload is pending and belongs to the uploader alone until a comment claims it (`attachmentIds`); unclaimed uploads are deleted after 24 hours.',
    'The type is decided only by sniffing the leading bytes (the client’s Content-Type and file name are ignored): `image/jpeg`, `image/png`, `image/webp` or `application/pdf`, else 415 `UNSUPPORTED_ATTACHMENT_TYPE` (an empty file too). Over 10 MiB: 413 `ATTACHMENT_TOO_LARGE`, answered as soon as the limit is passed. 400 `INVALID_MULTIPART` for anything but one file in field `file`.',
    'Limits per user: 20 pending uploads (429 `TOO_MANY_PENDING`), 30 uploads per minute (429 `RATE_LIMITED` with Retry-After). 409 `TICKET_DELETED` on a soft-deleted ticket; 503 `STORAGE_UNAVAILABLE` when the bucket cannot be reached.',
  ].join('\n\n'),
  tags: ['Tickets'],
  response: ZAttachment,
  handler: ({ ctx, params, req }) => uploadTicketAttachment(ctx, params.id, req),
});
