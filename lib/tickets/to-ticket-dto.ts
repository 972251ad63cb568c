import type { Prisma } from '@/lib/generated/prisma/client';
import { OPEN_STATUSES, type TTicket } from '@/lib/tickets/schemas';

/** What every ticket read includes for its DTO. */
export const ticketInclude = {
  organization: { select: { id: true, name: true } },
  assignee: { select: { id: true, name: true, email: true } },
} satisfies Prisma.TicketInclude;

export type TicketWithRefs = Prisma.TicketGetPayload<{ include: typeof ticketInclude }>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toTicketDto(t: TicketWithRefs, now = new Date()): TTicket {
  return {
    id: t.id,
    number: t.number,
    partnerId: t.partnerId,
    orgId: t.orgId,
    organization: t.organization,
    siteId: t.siteId,
    deviceId: t.deviceId,
    alertId: t.alertId,
    subject: t.subject,
    description: t.description,
    status: t.status,
    priority: t.priority,
    type: t.type,
    source: t.source,
    tags: t.tags ?? [],
    assigneeId: t.assigneeId,
    assignee: t.assignee,
    requesterName: t.requesterName,
    requesterEmail: t.requesterEmail,
    createdById: t.createdById,
    dueAt: iso(t.dueAt),
    overdue: t.dueAt !== null && t.dueAt < now && OPEN_STATUSES.includes(t.status) && t.deletedAt === null,
    firstResponseAt: iso(t.firstResponseAt),
    resolvedAt: iso(t.resolvedAt),
    closedAt: iso(t.closedAt),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    deletedAt: iso(t.deletedAt),
  };
}
