// GET /api/v1/portal/tickets/:id/attachments/:attachmentId/content — the portal content route.
import { defineRoute } from '@/lib/http/define-route';
import { ZPortalTicketAttachmentParams } from '@/lib/portal/tickets/schemas';
import { getPortalAttachmentContent } from '@/lib/portal/tickets/get-portal-attachment-content';

export const GET = defineRoute({
  auth: 'portal',
  permission: 'tickets:read',
  params: ZPortalTicketAttachmentParams,
  summary: 'Download an attachment of a public comment',
  description:
    'Customers see attachments of public comments only: an internal note’s file answers 404 like a missing one. Same headers as the console content route (sniffed Content-Type, `X-Content-Type-Options: nosniff`, strong `ETag` with 304, `Cache-Control: private, max-age=300`).',
  tags: ['Portal'],
  handler: ({ ctx, params, req }) => getPortalAttachmentContent(ctx, params.id, params.attachmentId, req),
});
