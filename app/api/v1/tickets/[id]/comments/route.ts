// /api/v1/tickets/:id/comments — the conversation on a ticket.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams, ZPageOf } from '@/lib/http/common-schemas';
import { ZComment, ZCreateComment, ZListCommentsQuery } from '@/lib/tickets/schemas';
import { listTicketComments } from '@/lib/tickets/comments/list-ticket-comments';
import { createTicketComment } from '@/lib/tickets/comments/create-ticket-comment';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:read',
  params: ZIdParams,
  query: ZListCommentsQuery,
  summary: 'List comments of a ticket',
  description: 'Oldest first, each with its attachments. Organization-scope users (customers) see public comments only; the service desk also sees internal notes.',
  tags: ['Tickets'],
  response: ZPageOf(ZComment),
  handler: ({ ctx, params, query }) => listTicketComments(ctx, params.id, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'tickets:write',
  params: ZIdParams,
  body: ZCreateComment,
  status: 201,
  summary: 'Comment on a ticket',
  description: [
    '`content` may be empty when `attachmentIds` (at most 5) is not. Each attachment must be the caller’s own pending upload on this ticket; the comment and the claim are one transaction, so one unclaimable attachment rolls the comment back: 409 `ATTACHMENT_NOT_CLAIMABLE` with `details.attachmentIds`.',
    '`visibility`: `public` (default) or `internal` (service desk only; 403 for organization users). A public reply from the service desk mails the requester, stamps the first response and moves a `new` ticket to `open`; a customer reply reopens a `pending`, `on_hold` or `resolved` ticket.',
    '409 `TICKET_DELETED` when the ticket is soft-deleted.',
  ].join('\n\n'),
  tags: ['Tickets'],
  response: ZComment,
  handler: ({ ctx, params, body }) => createTicketComment(ctx, params.id, body),
});
