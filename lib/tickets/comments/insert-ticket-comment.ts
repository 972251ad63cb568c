// Adds a comment and claims its attachments in the caller's transaction: when any attachment
// cannot be claimed the whole transaction, comment included, rolls back (409
// ATTACHMENT_NOT_CLAIMABLE). Shared by the console API, inbound email and (later) the portal.
import type { Tx } from '@/lib/db';
import type { AuthContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { notifyRequester } from '@/lib/tickets/notify-requester';
import { statusChangeData } from '@/lib/tickets/status-change';
import { attachmentSelect } from '@/lib/tickets/attachments/to-attachment-dto';
import type { TicketWithRefs } from '@/lib/tickets/to-ticket-dto';
import type { TicketStatusName } from '@/lib/tickets/schemas';
import { MATCH_NOTHING_ID } from '@/lib/tenancy/scope';

export type CommentAuthor =
  /** A signed-in person: `staff` is the service desk, `customer` an organization user. */
  | { type: 'user'; userId: string; name: string; email: string; role: 'staff' | 'customer' }
  /**
   * The requester or another customer writing by email or through the portal. A portal user's
   * uploads are theirs to claim: `uploaderId` is their contact id.
   */
  | { type: 'requester'; name: string | null; email: string; uploaderId?: string };

export interface NewComment {
  visibility: 'public' | 'internal';
  content: string;
  attachmentIds: string[];
  author: CommentAuthor;
  source: 'console' | 'portal' | 'email';
  sourceMessageId?: string | null;
}

/** A customer's reply puts a ticket that waits on them, or was resolved, back in the queue. */
const REOPENED_BY_CUSTOMER: TicketStatusName[] = ['pending', 'on_hold', 'resolved'];

export async function insertTicketComment(tx: Tx, ctx: AuthContext, ticket: TicketWithRefs, input: NewComment) {
  const now = new Date();
  const author = input.author;
  const comment = await tx.ticketComment.create({
    data: {
      partnerId: ticket.partnerId,
      orgId: ticket.orgId,
      ticketId: ticket.id,
      visibility: input.visibility,
      authorType: author.type,
      authorUserId: author.type === 'user' ? author.userId : null,
      authorName: author.name,
      authorEmail: author.email.toLowerCase(),
      content: input.content,
      source: input.source,
      sourceMessageId: input.sourceMessageId ?? null,
      createdAt: now,
    },
  });

  if (input.attachmentIds.length > 0) {
    // Claimable: pending, on this ticket, uploaded by this author. Row locks serialise two
    // comments racing for one upload; the loser sees it claimed and rolls back.
    const claimed = await tx.ticketAttachment.updateMany({
      where: {
        id: { in: input.attachmentIds },
        ticketId: ticket.id,
        commentId: null,
        uploadedById: author.type === 'user' ? author.userId : (author.uploaderId ?? MATCH_NOTHING_ID),
      },
      data: { commentId: comment.id, claimedAt: now },
    });
    if (claimed.count !== input.attachmentIds.length) {
      const ok = await tx.ticketAttachment.findMany({ where: { id: { in: input.attachmentIds }, commentId: comment.id }, select: { id: true } });
      const okIds = new Set(ok.map((a) => a.id));
      throw conflict(
        'An attachment cannot be claimed: it must be your own pending upload on this ticket',
        'ATTACHMENT_NOT_CLAIMABLE',
        { attachmentIds: input.attachmentIds.filter((id) => !okIds.has(id)) },
      );
    }
  }

  const staff = author.type === 'user' && author.role === 'staff';
  const data: Record<string, unknown> = { updatedAt: now };
  let statusMove: { from: TicketStatusName; to: TicketStatusName } | null = null;
  if (staff && input.visibility === 'public') {
    if (!ticket.firstResponseAt) data.firstResponseAt = now;
    if (ticket.status === 'new') statusMove = { from: 'new', to: 'open' };
  }
  if (!staff && REOPENED_BY_CUSTOMER.includes(ticket.status)) statusMove = { from: ticket.status, to: 'open' };
  if (statusMove) Object.assign(data, statusChangeData(ticket, statusMove.to, now));
  await tx.ticket.update({ where: { id: ticket.id }, data });

  const attachments = await tx.ticketAttachment.findMany({ where: { commentId: comment.id }, select: attachmentSelect, orderBy: { createdAt: 'asc' } });
  await writeAudit(ctx, {
    action: 'ticket.comment',
    targetType: 'ticket',
    targetId: ticket.id,
    partnerId: ticket.partnerId,
    orgId: ticket.orgId,
    details: { number: ticket.number, commentId: comment.id, visibility: comment.visibility, attachments: attachments.length, ...(statusMove ? { status: statusMove } : {}) },
    // Through inbound email the context names no person: the author is the actor.
    ...(ctx.kind !== 'user' && ctx.kind !== 'portal' ? { actor: author.type === 'user' ? { type: 'user', id: author.userId, email: author.email } : { type: 'requester', id: null, email: author.email } } : {}),
  }, tx);
  // The requester hears about service-desk replies, not about internal notes or their own words.
  if (staff && input.visibility === 'public') {
    await notifyRequester(tx, ticket, { kind: 'comment', authorName: author.name, content: input.content, attachmentNames: attachments.map((a) => a.fileName) });
  }
  return { ...comment, attachments };
}
