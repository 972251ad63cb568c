import type { Prisma } from '@/lib/generated/prisma/client';
import type { TicketStatusName } from '@/lib/tickets/schemas';

export const STATUS_LABEL: Record<TicketStatusName, string> = {
  new: 'New',
  open: 'Open',
  pending: 'Pending',
  on_hold: 'On hold',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** Column changes that go with a status move: resolution and closing times, cleared on reopen. */
export function statusChangeData(
  current: { resolvedAt: Date | null },
  to: TicketStatusName,
  now: Date,
): Pick<Prisma.TicketUncheckedUpdateInput, 'status' | 'resolvedAt' | 'closedAt'> {
  if (to === 'resolved') return { status: to, resolvedAt: now, closedAt: null };
  if (to === 'closed') return { status: to, resolvedAt: current.resolvedAt ?? now, closedAt: now };
  return { status: to, resolvedAt: null, closedAt: null };
}
