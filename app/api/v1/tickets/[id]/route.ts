// /api/v1/tickets/:id — one ticket.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZTicket, ZUpdateTicket } from '@/lib/tickets/schemas';
import { getTicketOrThrow } from '@/lib/tickets/get-ticket-or-throw';
import { toTicketDto } from '@/lib/tickets/to-ticket-dto';
import { updateTicket } from '@/lib/tickets/update-ticket';
import { deleteTicket } from '@/lib/tickets/delete-ticket';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:read',
  params: ZIdParams,
  summary: 'Get a ticket',
  description: 'A soft-deleted ticket answers 404 (see the Archived queue, `GET /tickets?deleted=only`).',
  tags: ['Tickets'],
  response: ZTicket,
  handler: async ({ ctx, params }) => toTicketDto(await getTicketOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:write',
  params: ZIdParams,
  body: ZUpdateTicket,
  summary: 'Update a ticket',
  description: [
    'Statuses: `new`, `open`, `pending`, `on_hold`, `resolved`, `closed`; any move is allowed. Moving to `resolved` or `closed` stamps `resolvedAt`/`closedAt`, moving back clears them. A status change mails the requester.',
    'A priority change moves `dueAt` to the new SLA from the creation time unless the same patch sets `dueAt`.',
    '409 `TICKET_DELETED` when the ticket is soft-deleted.',
  ].join('\n\n'),
  tags: ['Tickets'],
  response: ZTicket,
  handler: ({ ctx, params, body }) => updateTicket(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:manage',
  params: ZIdParams,
  summary: 'Soft-delete a ticket',
  description: 'Moves the ticket to the Archived queue; comments and attachments are kept. 409 `TICKET_DELETED` when it already is.',
  tags: ['Tickets'],
  handler: ({ ctx, params }) => deleteTicket(ctx, params.id),
});
