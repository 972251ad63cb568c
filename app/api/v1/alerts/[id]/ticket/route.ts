// POST /api/v1/alerts/:id/ticket — open a ticket from an alert, linked to it.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCreateTicketFromAlert, ZTicket } from '@/lib/tickets/schemas';
import { createTicketFromAlert } from '@/lib/tickets/create-ticket-from-alert';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:write',
  params: ZIdParams,
  body: ZCreateTicketFromAlert,
  status: 201,
  summary: 'Open a ticket from an alert',
  description:
    'Creates a ticket (source `alert`) in the alert’s organization with its site and device, subject `[severity] title`, the alert message as description and a priority from the severity unless `priority` is given. The ticket’s `alertId` links it to the alert. One live ticket per alert: 409 `TICKET_EXISTS` (details `ticketId`, `number`) when one already tracks it. Needs `alerts:read` as well (404 otherwise).',
  tags: ['Tickets'],
  response: ZTicket,
  handler: ({ ctx, params, body }) => createTicketFromAlert(ctx, params.id, body),
});
