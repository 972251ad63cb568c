// /api/v1/portal/tickets — the organization's tickets, and opening one.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCreatePortalTicket, ZListPortalTicketsQuery, ZPortalTicket } from '@/lib/portal/tickets/schemas';
import { listPortalTickets } from '@/lib/portal/tickets/list-portal-tickets';
import { createPortalTicket } from '@/lib/portal/tickets/create-portal-ticket';
import { portalSubmissionBody } from '@/lib/portal/tickets/submission-docs';

export const GET = defineRoute({
  auth: 'portal',
  permission: 'tickets:read',
  query: ZListPortalTicketsQuery,
  summary: 'My organization’s tickets',
  description: 'Live tickets of the signed-in contact’s organization, most recently active first. `mine=true` keeps those the contact requested.',
  tags: ['Portal'],
  response: ZPageOf(ZPortalTicket),
  handler: ({ ctx, query }) => listPortalTickets(ctx, query),
});

export const POST = defineRoute({
  auth: 'portal',
  permission: 'tickets:write',
  requestBody: portalSubmissionBody(ZCreatePortalTicket),
  status: 201,
  errors: [429],
  summary: 'Open a ticket',
  description: [
    'JSON (`subject`, `description`, `priority` p1–p4 default p3, `type` incident|service_request|question), or multipart/form-data with the same fields and up to 5 files in field `files`. The contact is the requester (acknowledged by email); source `portal`.',
    'Files are checked like ticket attachments (type sniffed from the bytes: JPEG, PNG, WebP, PDF else 415 `UNSUPPORTED_ATTACHMENT_TYPE`; over 10 MiB 413 `ATTACHMENT_TOO_LARGE`) and become the requester’s first public comment; ticket and files commit together.',
    '409 `service_management_off` when the MSP’s service-management mode is `off`. 429 past 30 submissions per minute. Needs `X-CSRF-Token`.',
  ].join('\n\n'),
  tags: ['Portal'],
  response: ZPortalTicket,
  handler: ({ ctx, req }) => createPortalTicket(ctx, req),
});
