// /api/v1/tickets/inbound-email — the mail server hook of email-to-ticket.
import { defineRoute, jsonResponse } from '@/lib/http/define-route';
import { ZInboundEmail, ZInboundEmailResult } from '@/lib/tickets/inbound/schemas';
import { ingestInboundEmail } from '@/lib/tickets/inbound/ingest-inbound-email';

export const POST = defineRoute({
  auth: 'inboundEmail',
  permission: 'none',
  authorization: 'public',
  body: ZInboundEmail,
  // A plain part of up to 2M and an HTML part of up to 5M characters.
  maxBodyBytes: 16 * 1024 * 1024,
  status: 201,
  summary: 'Deliver an inbound email (MTA hook)',
  description: [
    'Called by your mail server (a Postfix pipe, an inbound-mail webhook of a mail provider), not by API users: `Authorization: Bearer <INBOUND_EMAIL_SECRET>`. 503 `INBOUND_EMAIL_NOT_CONFIGURED` while the secret is unset, 401 for a wrong secret.',
    'Routing: the first recipient (To, then Cc) at `INBOUND_EMAIL_DOMAIN` of the form `<partner-slug>@` or `<partner-slug>+<org-slug>@` names the partner and optionally the organization (404 `MAILBOX_NOT_FOUND` otherwise; 403 `PARTNER_INACTIVE` for a blocked partner). Without an organization it is the sender’s: an organization user’s own, else that of the sender’s latest ticket, else the partner’s only organization (422 `INBOUND_ORG_UNRESOLVED` otherwise).',
    'Threading: a subject carrying `[#<number>]` (as every ticket email does) adds a public comment to that ticket when the sender is its requester, a user of its organization or a service-desk user reaching it; a customer’s reply reopens a pending, on-hold or resolved ticket, a service-desk user’s reply is mailed to the requester. A reply to a closed ticket opens a follow-up ticket; a reply to a deleted ticket answers 409 `TICKET_DELETED`; any other sender opens a new ticket.',
    'A new ticket has source `email`, the sender as requester and is acknowledged by mail; it is refused with 409 `service_management_off` when the partner’s mode is `off` (replies to existing tickets still thread). 201 with `action` `created` or `commented`; a `messageId` seen before answers 200 `duplicate`.',
  ].join('\n\n'),
  tags: ['Tickets'],
  response: ZInboundEmailResult,
  audit: false,
  handler: async ({ ctx, body }) => {
    const outcome = await ingestInboundEmail(ctx, body);
    return jsonResponse(outcome, outcome.action === 'duplicate' ? 200 : 201);
  },
});
