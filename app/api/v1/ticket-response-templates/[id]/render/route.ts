// /api/v1/ticket-response-templates/:id/render — a canned reply filled for one ticket.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZRenderedResponseTemplate, ZRenderResponseTemplate } from '@/lib/ticket-templates/schemas';
import { renderResponseTemplate } from '@/lib/ticket-templates/render-response-template';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:read',
  scopes: ['partner'],
  params: ZIdParams,
  body: ZRenderResponseTemplate,
  summary: 'Fill a canned reply for a ticket',
  description: 'Returns the body with its placeholders filled from the ticket, its requester (contact), organization, partner and the caller (agent). Writes nothing: post the result with `POST /tickets/:id/comments`. 404 when the ticket is outside the caller’s scope or deleted.',
  tags: ['Tickets'],
  response: ZRenderedResponseTemplate,
  audit: false,
  handler: ({ ctx, params, body }) => renderResponseTemplate(ctx, params.id, body.ticketId),
});
