// /api/v1/tickets/:id/attachments/:attachmentId/content — the bytes, through this route only.
import { defineRoute } from '@/lib/http/define-route';
import { ZTicketAttachmentParams } from '@/lib/tickets/schemas';
import { getAttachmentContent } from '@/lib/tickets/attachments/get-attachment-content';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:read',
  params: ZTicketAttachmentParams,
  summary: 'Download an attachment',
  description: [
    'Streams the bytes with their sniffed Content-Type, `X-Content-Type-Options: nosniff`, a strong `ETag` (the SHA-256 of the content) and `Cache-Control: private, max-age=300`; a matching `If-None-Match` answers 304 without a body. There is no public or presigned link.',
    'Served identically whether the bytes are in the bucket or in the database. 503 `STORAGE_UNAVAILABLE` when the bucket cannot be reached.',
  ].join('\n\n'),
  tags: ['Tickets'],
  handler: ({ ctx, params, req }) => getAttachmentContent(ctx, params.id, params.attachmentId, req),
});
