// The one interface every PSA provider implements. Records are normalised here so the sync,
// the ticket reads and the company import never see a provider's wire shape.

export interface PsaCompanyRecord {
  externalId: string;
  name: string;
  identifier: string | null;
  status: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  updatedAt: Date | null;
}

export interface PsaContactRecord {
  externalId: string;
  companyExternalId: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  updatedAt: Date | null;
}

export interface PsaTicketRecord {
  externalId: string;
  companyExternalId: string | null;
  companyName: string | null;
  summary: string;
  status: string | null;
  priority: string | null;
  createdAt: Date | null;
  updatedAt: Date | null;
}

/**
 * One page of a listing; `page` counts from 1 for every provider. Providers that page by a
 * continuation (a next-page URL or cursor) take it back in `cursor` from the previous page's
 * `next`; the others ignore it.
 */
export interface PsaPageRequest {
  page: number;
  pageSize: number;
  /** Only records modified at or after this instant (the sync cursor). */
  modifiedSince?: Date | null;
  cursor?: string | null;
}

export interface PsaPage<T> {
  items: T[];
  hasMore: boolean;
  /** The continuation of a cursor-paged provider, passed back as the next request's `cursor`. */
  next?: string | null;
}

export interface CreatePsaTicket {
  companyExternalId: string | null;
  summary: string;
  description?: string;
}

/** A change to a ticket the service opened: an internal note, and optionally closing it. */
export interface UpdatePsaTicket {
  note: string;
  close: boolean;
}

export interface PsaAdapter {
  /** A cheap authenticated call: resolves when the PSA accepts the credentials. */
  testCredentials(): Promise<void>;
  listCompanies(req: PsaPageRequest): Promise<PsaPage<PsaCompanyRecord>>;
  listContacts(req: PsaPageRequest): Promise<PsaPage<PsaContactRecord>>;
  listTickets(req: PsaPageRequest): Promise<PsaPage<PsaTicketRecord>>;
  createTicket(input: CreatePsaTicket): Promise<PsaTicketRecord>;
  /** Adds an internal (not customer-visible) note, then closes the ticket when asked. */
  updateTicket(externalId: string, change: UpdatePsaTicket): Promise<void>;
  /** The ticket's address in the PSA's own web interface, for links shown in the console. */
  ticketUrl(externalId: string): string | null;
}

export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
export const date = (v: unknown): Date | null => {
  if (typeof v !== 'string' || !v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};
export const clip = (v: string | null, max: number): string | null => (v === null ? null : v.slice(0, max));

type Raw = Record<string, unknown>;
export const obj = (v: unknown): Raw => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : {});
export const joinAddress = (...parts: unknown[]): string | null => {
  const text = parts.map(str).filter(Boolean).join(', ');
  return text ? text.slice(0, 1000) : null;
};
/** Of records that carry their modification time, those at or after `since` (all when null). */
export const changedSince = <T extends { updatedAt: Date | null }>(items: T[], since: Date | null | undefined): T[] =>
  since ? items.filter((i) => !i.updatedAt || i.updatedAt >= since) : items;
