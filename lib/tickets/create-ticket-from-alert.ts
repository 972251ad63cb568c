// POST /alerts/:id/ticket: a ticket opened from an alert, linked to it (tickets.alert_id) and
// carrying its organization, site and device. One live ticket per alert: a second request
// answers 409 TICKET_EXISTS naming the ticket that already tracks it.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict, notFound } from '@/lib/http/errors';
import { getAlertOrThrow } from '@/lib/alerts/get-alert-or-throw';
import { insertTicket } from '@/lib/tickets/insert-ticket';
import { ticketWhere } from '@/lib/tickets/ticket-scope';
import { toTicketDto } from '@/lib/tickets/to-ticket-dto';
import type { SEVERITIES } from '@/lib/alerts/schemas';
import type { TICKET_PRIORITIES, ZCreateTicketFromAlert } from '@/lib/tickets/schemas';

const PRIORITY_OF: Record<(typeof SEVERITIES)[number], (typeof TICKET_PRIORITIES)[number]> = { critical: 'p1', high: 'p2', medium: 'p3', low: 'p4', info: 'p4' };

const ticketExists = (ticketId: string, number: number) => conflict(`Ticket #${number} already tracks this alert`, 'TICKET_EXISTS', { ticketId, number });

export async function createTicketFromAlert(ctx: ActorContext, alertId: string, input: z.output<typeof ZCreateTicketFromAlert>) {
  // The route needs tickets:write; reading the alert it copies needs alerts:read as well.
  if (!ctx.permissions.has('alerts:read')) throw notFound('Alert');
  try {
    const ticket = await db.$transaction(async (tx) => {
      const alert = await getAlertOrThrow(ctx, alertId, tx);
      const existing = await tx.ticket.findFirst({ where: { alertId: alert.id, deletedAt: null, ...ticketWhere(ctx) }, select: { id: true, number: true } });
      if (existing) throw ticketExists(existing.id, existing.number);
      return insertTicket(tx, ctx, {
        partnerId: alert.partnerId,
        orgId: alert.orgId,
        siteId: alert.siteId,
        deviceId: alert.deviceId,
        alertId: alert.id,
        subject: `[${alert.severity}] ${alert.title}`.slice(0, 255),
        description: alert.message,
        priority: input.priority ?? PRIORITY_OF[alert.severity],
        type: 'incident',
        source: 'alert',
        assigneeId: input.assigneeId,
        createdById: ctx.userId,
      });
    });
    return toTicketDto(ticket);
  } catch (err) {
    // Two requests at once: the partial unique index (one live ticket per alert) stops the second.
    if ((err as { code?: string }).code !== 'P2002') throw err;
    const winner = await db.ticket.findFirst({ where: { alertId, deletedAt: null, ...ticketWhere(ctx) }, select: { id: true, number: true } });
    if (!winner) throw err;
    throw ticketExists(winner.id, winner.number);
  }
}
