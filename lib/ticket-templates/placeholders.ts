// Canned-reply placeholders: `{{ticket.number}}`, `{{contact.firstName}}`… filled from the ticket,
// its requester (the contact), the organization, the partner and the replying agent.
import { STATUS_LABEL } from '@/lib/tickets/status-change';
import type { TicketStatusName } from '@/lib/tickets/schemas';

export const PLACEHOLDERS = {
  'ticket.number': 'Ticket number, e.g. 42',
  'ticket.subject': 'Ticket subject',
  'ticket.status': 'Status label, e.g. On hold',
  'ticket.priority': 'Priority, e.g. P2',
  'ticket.dueAt': 'Due date (UTC, YYYY-MM-DD HH:MM)',
  'contact.name': 'Requester’s name (falls back to the email address)',
  'contact.firstName': 'First word of the requester’s name',
  'contact.email': 'Requester’s email',
  'organization.name': 'Organization name',
  'partner.name': 'Your company name',
  'agent.name': 'Name of the person using the reply',
  'agent.email': 'Email of the person using the reply',
} as const;

export type PlaceholderKey = keyof typeof PLACEHOLDERS;

const PATTERN = /\{\{\s*([A-Za-z]+\.[A-Za-z]+)\s*\}\}/g;

/** Placeholder names used in a template body that do not exist. */
export function unknownPlaceholders(body: string): string[] {
  const unknown = new Set<string>();
  for (const match of body.matchAll(PATTERN)) if (!(match[1] in PLACEHOLDERS)) unknown.add(match[1]);
  return [...unknown];
}

export interface PlaceholderSource {
  ticket: { number: number; subject: string; status: TicketStatusName; priority: string; dueAt: Date | null; requesterName: string | null; requesterEmail: string | null };
  organizationName: string;
  partnerName: string;
  agent: { name: string; email: string };
}

export function placeholderValues(src: PlaceholderSource): Record<PlaceholderKey, string> {
  const contactName = src.ticket.requesterName?.trim() || src.ticket.requesterEmail || '';
  return {
    'ticket.number': String(src.ticket.number),
    'ticket.subject': src.ticket.subject,
    'ticket.status': STATUS_LABEL[src.ticket.status],
    'ticket.priority': src.ticket.priority.toUpperCase(),
    'ticket.dueAt': src.ticket.dueAt ? src.ticket.dueAt.toISOString().slice(0, 16).replace('T', ' ') : '',
    'contact.name': contactName,
    'contact.firstName': src.ticket.requesterName?.trim().split(/\s+/)[0] ?? '',
    'contact.email': src.ticket.requesterEmail ?? '',
    'organization.name': src.organizationName,
    'partner.name': src.partnerName,
    'agent.name': src.agent.name,
    'agent.email': src.agent.email,
  };
}

/** Replaces every known placeholder; unknown ones (only possible in rows older than validation) stay as written. */
export function fillPlaceholders(body: string, values: Record<PlaceholderKey, string>): string {
  return body.replace(PATTERN, (whole, key: string) => (key in values ? values[key as PlaceholderKey] : whole));
}
