// /api/v1/tickets/bulk — one action over many tickets.
import { defineRoute } from '@/lib/http/define-route';
import { ZBulkResponse, ZBulkTickets } from '@/lib/tickets/schemas';
import { bulkUpdateTickets } from '@/lib/tickets/bulk-update-tickets';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:write',
  body: ZBulkTickets,
  summary: 'Assign, change the status of, or delete up to 100 tickets',
  description: [
    '`action`: `assign` (with `assigneeId`, null unassigns), `status` (with `status`) or `delete` (soft delete, needs `tickets:manage`: 403 for the whole request otherwise).',
    'Each ticket is applied on its own, so partial success is possible. Every id gets a result: `updated`; `skipped` when it already was in the requested state (or already deleted); `failed` with the error a single-ticket call would have given (`NOT_FOUND` for ids outside the caller’s scope, `TICKET_DELETED`, `INVALID_ASSIGNEE`). Repeated ids count once.',
  ].join('\n\n'),
  tags: ['Tickets'],
  response: ZBulkResponse,
  audit: 'ticket.bulk',
  handler: ({ ctx, body }) => bulkUpdateTickets(ctx, body),
});
