import { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import type { AuthContext, ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { computeDueAt } from '@/lib/tickets/compute-due-at';
import { getWritableTicketOrThrow } from '@/lib/tickets/get-ticket-or-throw';
import { notifyRequester } from '@/lib/tickets/notify-requester';
import { statusChangeData } from '@/lib/tickets/status-change';
import { ticketInclude, toTicketDto, type TicketWithRefs } from '@/lib/tickets/to-ticket-dto';
import { assertAssignable, assertSiteInOrg } from '@/lib/tickets/validate-ticket-refs';
import type { ZUpdateTicket } from '@/lib/tickets/schemas';

export type TicketPatch = z.output<typeof ZUpdateTicket>;

const SIMPLE = ['subject', 'description', 'type', 'requesterName', 'requesterEmail'] as const;

/**
 * Applies a patch to a locked, live ticket and reports which fields really changed (nothing is
 * written, audited or mailed when none did). A priority change moves the due date to the new
 * SLA unless the same patch sets `dueAt`; a status change mails the requester.
 */
export async function applyTicketUpdate(tx: Tx, ctx: AuthContext, current: TicketWithRefs, patch: TicketPatch) {
  const data: Record<string, unknown> = {};
  const changed: string[] = [];
  const set = (field: string, value: unknown) => {
    data[field] = value;
    changed.push(field);
  };
  for (const field of SIMPLE) {
    if (patch[field] !== undefined && patch[field] !== current[field]) set(field, patch[field]);
  }
  if (patch.tags !== undefined && JSON.stringify(patch.tags) !== JSON.stringify(current.tags ?? [])) set('tags', patch.tags);
  if (patch.siteId !== undefined && patch.siteId !== current.siteId) {
    if (patch.siteId) await assertSiteInOrg(tx, patch.siteId, current.orgId);
    set('siteId', patch.siteId);
  }
  if (patch.assigneeId !== undefined && patch.assigneeId !== current.assigneeId) {
    if (patch.assigneeId) await assertAssignable(tx, patch.assigneeId, current);
    set('assigneeId', patch.assigneeId);
  }
  if (patch.dueAt !== undefined && patch.dueAt?.getTime() !== current.dueAt?.getTime()) set('dueAt', patch.dueAt);
  if (patch.priority !== undefined && patch.priority !== current.priority) {
    set('priority', patch.priority);
    if (patch.dueAt === undefined) {
      const partner = await tx.partner.findUniqueOrThrow({ where: { id: current.partnerId }, select: { settings: true } });
      data.dueAt = computeDueAt(patch.priority, current.createdAt, partner.settings);
    }
  }
  const statusMove = patch.status !== undefined && patch.status !== current.status ? { from: current.status, to: patch.status } : null;
  if (statusMove) {
    Object.assign(data, statusChangeData(current, statusMove.to, new Date()));
    changed.push('status');
  }
  if (changed.length === 0) return { ticket: current, changed };

  const ticket = await tx.ticket.update({ where: { id: current.id }, data, include: ticketInclude });
  await writeAudit(ctx, {
    action: 'ticket.update',
    targetType: 'ticket',
    targetId: ticket.id,
    partnerId: ticket.partnerId,
    orgId: ticket.orgId,
    details: {
      number: ticket.number,
      fields: changed,
      ...(statusMove ? { status: statusMove } : {}),
      ...(changed.includes('assigneeId') ? { assignee: { from: current.assigneeId, to: ticket.assigneeId } } : {}),
    },
  }, tx);
  if (statusMove) await notifyRequester(tx, ticket, { kind: 'status', ...statusMove });
  return { ticket, changed };
}

/** PATCH /tickets/:id */
export async function updateTicket(ctx: ActorContext, id: string, patch: TicketPatch) {
  if (Object.keys(patch).length === 0) throw badRequest('Provide at least one field to update');
  const { ticket } = await db.$transaction(async (tx) => applyTicketUpdate(tx, ctx, await getWritableTicketOrThrow(ctx, id, tx), patch));
  return toTicketDto(ticket);
}
