// Due dates from the priority SLA. A partner may override the hours per priority in its
// settings (`settings.ticketSlaHours`, e.g. { "p1": 2 }); unknown or invalid values fall back to
// the defaults. Hours are calendar hours.
import { z } from 'zod';
import type { TicketPriorityName } from '@/lib/tickets/schemas';

export const DEFAULT_SLA_HOURS: Record<TicketPriorityName, number> = { p1: 4, p2: 8, p3: 24, p4: 72 };

const ZHours = z.number().positive().max(24 * 365);
const ZSlaOverrides = z.object({ p1: ZHours, p2: ZHours, p3: ZHours, p4: ZHours }).partial();

export function slaHours(partnerSettings: unknown): Record<TicketPriorityName, number> {
  const raw = (partnerSettings as { ticketSlaHours?: unknown } | null)?.ticketSlaHours;
  const parsed = ZSlaOverrides.safeParse(raw ?? {});
  return { ...DEFAULT_SLA_HOURS, ...(parsed.success ? parsed.data : {}) };
}

export function computeDueAt(priority: TicketPriorityName, openedAt: Date, partnerSettings: unknown): Date {
  return new Date(openedAt.getTime() + slaHours(partnerSettings)[priority] * 3_600_000);
}
