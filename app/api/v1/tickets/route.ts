// /api/v1/tickets — the ticket queue and ticket creation.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreateTicket, ZListTicketsQuery, ZTicket } from '@/lib/tickets/schemas';
import { listTickets } from '@/lib/tickets/list-tickets';
import { createTicket } from '@/lib/tickets/create-ticket';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:read',
  query: ZListTicketsQuery,
  summary: 'List tickets',
  description:
    'Tickets of the organizations in the caller’s scope, filtered, sorted and paginated (page style). Soft-deleted tickets are listed only with `deleted=only` (the Archived queue), which needs `tickets:manage`. `overdue` compares `dueAt` with now for tickets that are new, open, pending or on hold.',
  tags: ['Tickets'],
  response: ZPageOf(ZTicket),
  handler: ({ ctx, query }) => listTickets(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:write',
  body: ZCreateTicket,
  status: 201,
  summary: 'Create a ticket',
  description: [
    'Numbers are sequential per partner without gaps. `dueAt` defaults to creation time plus the priority SLA (p1 4 h, p2 8 h, p3 24 h, p4 72 h; a partner may override them in `settings.ticketSlaHours`).',
    'Partner and system callers give `orgId` (404 when outside their scope); organization users create in their own organization and are the requester unless they name one. `assigneeId` must be an active partner user with `tickets:write` who reaches the organization (400 `INVALID_ASSIGNEE`); `siteId` a site of the organization (400 `SITE_NOT_IN_ORG`).',
    'With a requester email, the requester is mailed an acknowledgement whose subject carries `[#<number>]`.',
    '409 `service_management_off` when the partner’s service-management mode is `off`.',
  ].join('\n\n'),
  tags: ['Tickets'],
  response: ZTicket,
  handler: ({ ctx, body }) => createTicket(ctx, body),
});
