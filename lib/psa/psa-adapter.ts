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

/** One page of a listing; `page` counts from 1 for every provider. */
export interface PsaPageRequest {
  page: number;
  pageSize: number;
  /** Only records modified at or after this instant (the sync cursor). */
  modifiedSince?: Date | null;
}

export interface PsaPage<T> {
  items: T[];
  hasMore: boolean;
}

export interface CreatePsaTicket {
  companyExternalId: string | null;
  summary: string;
  description?: string;
}

export interface PsaAdapter {
  /** A cheap authenticated call: resolves when the PSA accepts the credentials. */
  testCredentials(): Promise<void>;
  listCompanies(req: PsaPageRequest): Promise<PsaPage<PsaCompanyRecord>>;
  listContacts(req: PsaPageRequest): Promise<PsaPage<PsaContactRecord>>;
  listTickets(req: PsaPageRequest): Promise<PsaPage<PsaTicketRecord>>;
  createTicket(input: CreatePsaTicket): Promise<PsaTicketRecord>;
}

export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
export const date = (v: unknown): Date | null => {
  if (typeof v !== 'string' || !v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};
export const clip = (v: string | null, max: number): string | null => (v === null ? null : v.slice(0, max));
