// Email to ticket. A message addressed to <partner-slug>[+<org-slug>]@INBOUND_EMAIL_DOMAIN either
// threads into the ticket named by `[#<number>]` in its subject (when the sender belongs to that
// ticket) or opens a new ticket, behind the same service-management gate as every creator.
import { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import { env } from '@/lib/env';
import { AppError, badRequest } from '@/lib/http/errors';
import { assertPartnerActive } from '@/lib/auth/partner-guard';
import { insertTicket } from '@/lib/tickets/insert-ticket';
import { insertTicketComment, type CommentAuthor } from '@/lib/tickets/comments/insert-ticket-comment';
import { ticketDeleted } from '@/lib/tickets/get-ticket-or-throw';
import { ticketInclude, type TicketWithRefs } from '@/lib/tickets/to-ticket-dto';
import { MAX_DESCRIPTION } from '@/lib/tickets/schemas';
import type { InboundEmailContext } from '@/lib/tickets/inbound/authenticate-inbound-email';
import { htmlToText, inboxKeyOf, parseMailbox, ticketNumberInSubject, type Mailbox } from '@/lib/tickets/inbound/mail-addresses';
import type { ZInboundEmail } from '@/lib/tickets/inbound/schemas';

type InboundEmail = z.output<typeof ZInboundEmail>;
type Outcome = { action: 'created' | 'commented' | 'duplicate'; ticketId: string; number: number; commentId: string | null };

interface Route {
  partner: { id: string; status: string };
  orgId: string | null;
}

async function routeMessage(recipients: Mailbox[]): Promise<Route> {
  const domain = env().INBOUND_EMAIL_DOMAIN;
  for (const recipient of recipients) {
    const key = inboxKeyOf(recipient.email, domain);
    if (!key) continue;
    const partner = await db.partner.findFirst({ where: { slug: key.partnerSlug, deletedAt: null }, select: { id: true, status: true } });
    if (!partner) continue;
    if (!key.orgSlug) return { partner, orgId: null };
    const org = await db.organization.findFirst({ where: { partnerId: partner.id, slug: key.orgSlug, deletedAt: null }, select: { id: true } });
    if (org) return { partner, orgId: org.id };
  }
  throw new AppError('MAILBOX_NOT_FOUND', 404, 'No partner or organization inbox matches the recipient addresses');
}

/** Organization of a new ticket when the address named only the partner: from who the sender is. */
async function orgForSender(tx: Tx, partnerId: string, email: string): Promise<string> {
  const member = await tx.organizationUser.findFirst({
    where: { user: { email, deletedAt: null }, organization: { partnerId, deletedAt: null } },
    select: { orgId: true },
  });
  if (member) return member.orgId;
  const earlier = await tx.ticket.findFirst({
    where: { partnerId, requesterEmail: email, deletedAt: null, organization: { deletedAt: null } },
    orderBy: { createdAt: 'desc' },
    select: { orgId: true },
  });
  if (earlier) return earlier.orgId;
  const orgs = await tx.organization.findMany({ where: { partnerId, deletedAt: null }, select: { id: true }, take: 2 });
  if (orgs.length === 1) return orgs[0].id;
  throw new AppError(
    'INBOUND_ORG_UNRESOLVED',
    422,
    'The sender belongs to no known organization: send to <partner>+<organization>@ the inbound domain',
  );
}

/**
 * Who may write into an existing ticket by email: its requester, a user of its organization, or
 * a service-desk user of the partner who reaches the organization. Anyone else (a guessed number)
 * gets a new ticket instead of a voice in someone else's.
 */
async function authorFor(tx: Tx, ticket: TicketWithRefs, sender: Mailbox): Promise<CommentAuthor | null> {
  const user = await tx.user.findFirst({
    where: { email: sender.email, deletedAt: null, status: 'active' },
    select: { id: true, name: true, email: true, partnerMembership: { select: { partnerId: true, orgAccess: true, orgIds: true } }, organizationMembership: { select: { orgId: true } } },
  });
  const pm = user?.partnerMembership;
  if (user && pm && pm.partnerId === ticket.partnerId && (pm.orgAccess === 'all' || (pm.orgAccess === 'selected' && pm.orgIds.includes(ticket.orgId)))) {
    return { type: 'user', userId: user.id, name: user.name, email: user.email, role: 'staff' };
  }
  if (user && user.organizationMembership?.orgId === ticket.orgId) {
    return { type: 'user', userId: user.id, name: user.name, email: user.email, role: 'customer' };
  }
  if (ticket.requesterEmail === sender.email) return { type: 'requester', name: sender.name ?? ticket.requesterName, email: sender.email };
  return null;
}

async function findDuplicate(tx: Tx, partnerId: string, messageId: string): Promise<Outcome | null> {
  const ticket = await tx.ticket.findFirst({ where: { partnerId, sourceMessageId: messageId }, select: { id: true, number: true } });
  if (ticket) return { action: 'duplicate', ticketId: ticket.id, number: ticket.number, commentId: null };
  const comment = await tx.ticketComment.findFirst({ where: { partnerId, sourceMessageId: messageId }, select: { id: true, ticket: { select: { id: true, number: true } } } });
  return comment ? { action: 'duplicate', ticketId: comment.ticket.id, number: comment.ticket.number, commentId: comment.id } : null;
}

function messageText(input: InboundEmail): string {
  const text = input.text?.trim() ? input.text : input.html ? htmlToText(input.html) : '';
  return text.replace(/\r\n/g, '\n').trim().slice(0, MAX_DESCRIPTION);
}

async function ingest(ctx: InboundEmailContext, input: InboundEmail, sender: Mailbox, route: Route): Promise<Outcome> {
  const content = messageText(input);
  const subject = (input.subject.trim() || '(no subject)').slice(0, 255);
  const messageId = input.messageId ?? null;
  const requester = { type: 'requester', id: null, email: sender.email };
  return db.$transaction(async (tx) => {
    if (messageId) {
      const duplicate = await findDuplicate(tx, route.partner.id, messageId);
      if (duplicate) return duplicate;
    }
    let followUpOf: TicketWithRefs | null = null;
    const number = ticketNumberInSubject(subject);
    if (number !== null) {
      await tx.$executeRaw`select 1 from tickets where partner_id = ${route.partner.id}::uuid and number = ${number} for update`;
      const ticket = await tx.ticket.findFirst({ where: { partnerId: route.partner.id, number, organization: { deletedAt: null } }, include: ticketInclude });
      const author = ticket ? await authorFor(tx, ticket, sender) : null;
      if (ticket && author) {
        if (ticket.deletedAt) throw ticketDeleted();
        if (ticket.status !== 'closed') {
          if (!content) throw badRequest('The reply has no text', [{ path: 'body.text', message: 'Empty message' }]);
          const comment = await insertTicketComment(tx, ctx, ticket, { visibility: 'public', content, attachmentIds: [], author, source: 'email', sourceMessageId: messageId });
          return { action: 'commented', ticketId: ticket.id, number: ticket.number, commentId: comment.id };
        }
        // A closed ticket stays closed: the reply opens a follow-up in the same organization.
        followUpOf = ticket;
      }
    }
    const orgId = followUpOf?.orgId ?? route.orgId ?? (await orgForSender(tx, route.partner.id, sender.email));
    const ticket = await insertTicket(tx, ctx, {
      partnerId: route.partner.id,
      orgId,
      subject,
      description: followUpOf ? `Follow-up to #${followUpOf.number}, which is closed.\n\n${content}` : content,
      source: 'email',
      requesterName: sender.name,
      requesterEmail: sender.email,
      sourceMessageId: messageId,
    }, { actor: requester });
    return { action: 'created', ticketId: ticket.id, number: ticket.number, commentId: null };
  });
}

/** POST /tickets/inbound-email */
export async function ingestInboundEmail(ctx: InboundEmailContext, input: InboundEmail): Promise<Outcome> {
  const sender = parseMailbox(input.from);
  if (!sender) throw badRequest('body.from: not an email address', [{ path: 'body.from', message: 'Not an email address' }]);
  const recipients = [...(Array.isArray(input.to) ? input.to : [input.to]), ...(input.cc ?? [])]
    .map(parseMailbox)
    .filter((m): m is Mailbox => m !== null);
  const route = await routeMessage(recipients);
  assertPartnerActive(route.partner.status);
  try {
    return await ingest(ctx, input, sender, route);
  } catch (error) {
    // Two deliveries of one message raced: the loser answers like any later duplicate.
    if ((error as { code?: string })?.code === 'P2002' && input.messageId) return ingest(ctx, input, sender, route);
    throw error;
  }
}
