// GET /api/v1/portal/tickets/:id — a ticket and its public conversation.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPortalTicketDetail, ZPortalTicketQuery } from '@/lib/portal/tickets/schemas';
import { getPortalTicket } from '@/lib/portal/tickets/get-portal-ticket';

export const GET = defineRoute({
  auth: 'portal',
  permission: 'tickets:read',
  params: ZIdParams,
  query: ZPortalTicketQuery,
  summary: 'A ticket with its public conversation',
  description: 'Public comments only, oldest first, each with its attachments (served by the portal content route). Internal notes never appear. Another organization’s ticket, or a deleted one, is 404.',
  tags: ['Portal'],
  response: ZPortalTicketDetail,
  handler: ({ ctx, params, query }) => getPortalTicket(ctx, params.id, query),
});
