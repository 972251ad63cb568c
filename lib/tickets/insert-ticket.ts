// The one way a ticket comes into existence. Every creator (console API, inbound email, and the
// portal, AI and vulnerability creators that come later) ends here, behind the service-management
// gate, inside its own transaction.
import type { Tx } from '@/lib/db';
import type { AuthContext } from '@/lib/auth/context';
import { writeAudit, type AuditEntry } from '@/lib/audit/write-audit';
import { assertTicketCreationAllowed } from '@/lib/tickets/assert-ticket-creation-allowed';
import { computeDueAt } from '@/lib/tickets/compute-due-at';
import { notifyRequester } from '@/lib/tickets/notify-requester';
import { ticketInclude, type TicketWithRefs } from '@/lib/tickets/to-ticket-dto';
import { assertAssignable, assertSiteInOrg } from '@/lib/tickets/validate-ticket-refs';
import type { TICKET_PRIORITIES, TICKET_SOURCES, TICKET_STATUSES, TICKET_TYPES } from '@/lib/tickets/schemas';

export interface NewTicket {
  partnerId: string;
  orgId: string;
  siteId?: string | null;
  deviceId?: string | null;
  /** The alert the ticket is opened from. */
  alertId?: string | null;
  subject: string;
  description?: string;
  status?: (typeof TICKET_STATUSES)[number];
  priority?: (typeof TICKET_PRIORITIES)[number];
  type?: (typeof TICKET_TYPES)[number];
  source: (typeof TICKET_SOURCES)[number];
  tags?: string[];
  assigneeId?: string | null;
  requesterName?: string | null;
  requesterEmail?: string | null;
  createdById?: string | null;
  dueAt?: Date | null;
  sourceMessageId?: string | null;
}

/** Hands out the partner's next number. The counter row stays locked until commit, and a rollback returns the number. */
async function nextTicketNumber(tx: Tx, partnerId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ last_number: number }[]>`
    insert into ticket_number_counters (partner_id, last_number) values (${partnerId}::uuid, 1)
    on conflict (partner_id) do update set last_number = ticket_number_counters.last_number + 1
    returning last_number`;
  return rows[0].last_number;
}

export interface InsertTicketOptions {
  /** Mail the requester an acknowledgement (default true). */
  notify?: boolean;
  /** Who the audit entry names when the context is not a signed-in user (e.g. an email sender). */
  actor?: AuditEntry['actor'];
}

export async function insertTicket(tx: Tx, ctx: AuthContext, input: NewTicket, opts: InsertTicketOptions = {}): Promise<TicketWithRefs> {
  const partner = await assertTicketCreationAllowed(tx, input.partnerId);
  if (input.siteId) await assertSiteInOrg(tx, input.siteId, input.orgId);
  if (input.assigneeId) await assertAssignable(tx, input.assigneeId, input);
  const number = await nextTicketNumber(tx, partner.id);
  const now = new Date();
  const priority = input.priority ?? 'p3';
  const ticket = await tx.ticket.create({
    data: {
      partnerId: input.partnerId,
      orgId: input.orgId,
      number,
      siteId: input.siteId ?? null,
      deviceId: input.deviceId ?? null,
      alertId: input.alertId ?? null,
      subject: input.subject,
      description: input.description ?? '',
      status: input.status ?? 'new',
      priority,
      type: input.type ?? 'incident',
      source: input.source,
      tags: input.tags ?? [],
      assigneeId: input.assigneeId ?? null,
      requesterName: input.requesterName ?? null,
      requesterEmail: input.requesterEmail?.toLowerCase() ?? null,
      createdById: input.createdById ?? null,
      dueAt: input.dueAt !== undefined ? input.dueAt : computeDueAt(priority, now, partner.settings),
      sourceMessageId: input.sourceMessageId ?? null,
      createdAt: now,
    },
    include: ticketInclude,
  });
  await writeAudit(ctx, {
    action: 'ticket.create',
    targetType: 'ticket',
    targetId: ticket.id,
    partnerId: ticket.partnerId,
    orgId: ticket.orgId,
    details: { number, source: ticket.source, priority, subject: ticket.subject, ...(ticket.alertId ? { alertId: ticket.alertId } : {}) },
    ...(opts.actor ? { actor: opts.actor } : {}),
  }, tx);
  if (opts.notify !== false) await notifyRequester(tx, ticket, { kind: 'created' });
  return ticket;
}
