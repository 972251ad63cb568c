// /api/v1/tickets/:id/restore — back from the Archived queue.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZTicket } from '@/lib/tickets/schemas';
import { restoreTicket } from '@/lib/tickets/restore-ticket';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:manage',
  params: ZIdParams,
  summary: 'Restore a soft-deleted ticket',
  description: 'Restores the ticket with its number, comments and attachments. 409 `TICKET_NOT_DELETED` when it is not deleted.',
  tags: ['Tickets'],
  response: ZTicket,
  handler: ({ ctx, params }) => restoreTicket(ctx, params.id),
});
