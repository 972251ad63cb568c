// POST /api/v1/portal/tickets/:id/comments — reply on a ticket.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCreatePortalComment, ZPortalComment } from '@/lib/portal/tickets/schemas';
import { addPortalComment } from '@/lib/portal/tickets/add-portal-comment';
import { portalSubmissionBody } from '@/lib/portal/tickets/submission-docs';

export const POST = defineRoute({
  auth: 'portal',
  permission: 'tickets:write',
  params: ZIdParams,
  requestBody: portalSubmissionBody(ZCreatePortalComment),
  status: 201,
  errors: [429],
  summary: 'Reply on a ticket',
  description: [
    'A public comment: JSON `{ content }`, or multipart/form-data with `content` and up to 5 files in field `files` (checked like ticket attachments). `content` may be empty only with files. Comment and files commit together.',
    'A reply reopens a ticket that was pending, on hold or resolved. 409 `TICKET_CLOSED` on a closed ticket (open a new one). 429 past 30 submissions per minute. Needs `X-CSRF-Token`.',
  ].join('\n\n'),
  tags: ['Portal'],
  response: ZPortalComment,
  handler: ({ ctx, params, req }) => addPortalComment(ctx, params.id, req),
});
