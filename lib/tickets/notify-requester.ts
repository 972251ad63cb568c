// Mail to a ticket's requester, enqueued in the transaction of the change that causes it. The
// subject carries `[#<number>]`, which threads the requester's reply back into the ticket
// (see ingest-inbound-email.ts); Reply-To is the organization's inbound address when configured.
import type { Tx } from '@/lib/db';
import { env } from '@/lib/env';
import { enqueueEmail } from '@/lib/mail/enqueue-email';
import { STATUS_LABEL } from '@/lib/tickets/status-change';
import type { TicketStatusName } from '@/lib/tickets/schemas';

export type RequesterNotice =
  | { kind: 'created' }
  | { kind: 'status'; from: TicketStatusName; to: TicketStatusName }
  | { kind: 'comment'; authorName: string; content: string; attachmentNames: string[] };

interface NotifiableTicket {
  number: number;
  subject: string;
  orgId: string;
  requesterName: string | null;
  requesterEmail: string | null;
}

/** `<partner-slug>+<org-slug>@<INBOUND_EMAIL_DOMAIN>`, or undefined when inbound mail is off. */
export function inboundAddress(partnerSlug: string, orgSlug: string): string | undefined {
  const domain = env().INBOUND_EMAIL_DOMAIN;
  return domain && env().INBOUND_EMAIL_SECRET ? `${partnerSlug}+${orgSlug}@${domain}` : undefined;
}

export function ticketMailSubject(ticket: { number: number; subject: string }): string {
  return `[#${ticket.number}] ${ticket.subject}`;
}

export async function notifyRequester(tx: Tx, ticket: NotifiableTicket, notice: RequesterNotice): Promise<void> {
  if (!ticket.requesterEmail) return;
  const org = await tx.organization.findUnique({ where: { id: ticket.orgId }, select: { slug: true, partner: { select: { slug: true, name: true } } } });
  if (!org) return;
  const greeting = `Hello${ticket.requesterName ? ` ${ticket.requesterName}` : ''},`;
  const replyHint = inboundAddress(org.partner.slug, org.slug) ? 'Reply to this email to add to your ticket.' : '';
  const signature = `— ${org.partner.name} service desk`;
  let body: string;
  switch (notice.kind) {
    case 'created':
      body = `We have received your request and opened ticket #${ticket.number}: "${ticket.subject}".`;
      break;
    case 'status':
      body = `The status of your ticket #${ticket.number} ("${ticket.subject}") changed from ${STATUS_LABEL[notice.from]} to ${STATUS_LABEL[notice.to]}.`;
      break;
    case 'comment':
      body = [
        `${notice.authorName} replied to your ticket #${ticket.number}:`,
        '',
        notice.content,
        ...(notice.attachmentNames.length ? ['', `Attached: ${notice.attachmentNames.join(', ')}`] : []),
      ].join('\n');
      break;
  }
  await enqueueEmail(tx, {
    to: ticket.requesterEmail,
    subject: ticketMailSubject(ticket),
    text: [greeting, '', body, '', replyHint, signature].filter((line, i, all) => line !== '' || all[i - 1] !== '').join('\n'),
    replyTo: inboundAddress(org.partner.slug, org.slug),
  });
}
