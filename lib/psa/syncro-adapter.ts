// Syncro (`https://<subdomain>.syncromsp.com/api/v1`), the API key of an API token in the
// `Authorization` header. Customers are the company object. Lists take `page` (from 1; Syncro
// fixes the page size) and answer `{ customers | contacts | tickets: [...], meta: { page,
// per_page, total_pages, total_entries } }`. Tickets filter by `since_updated_at`; customers and
// contacts have no modified-since parameter, so they are read whole and only the records whose
// `updated_at` is at or after the cursor are handed on. A ticket must name a customer.
import { PsaError } from './psa-error';
import { psaRequest } from './psa-http';
import { changedSince, clip, date, joinAddress, obj, str, type CreatePsaTicket, type PsaAdapter, type PsaCompanyRecord, type PsaContactRecord, type PsaPage, type PsaPageRequest, type PsaTicketRecord, type UpdatePsaTicket } from './psa-adapter';

export interface SyncroCredentials {
  apiKey: string;
}

export function toSyncroCustomer(raw: unknown): PsaCompanyRecord {
  const r = obj(raw);
  const id = str(r.id);
  const name = str(r.business_name) ?? str(r.fullname) ?? ([str(r.firstname), str(r.lastname)].filter(Boolean).join(' ') || null);
  if (!id || !name) throw new PsaError('unavailable', 'Syncro sent a customer without id or name');
  return {
    externalId: id,
    name: clip(name, 255)!,
    identifier: null,
    status: r.disabled === true ? 'Disabled' : 'Active',
    phone: clip(str(r.phone) ?? str(r.mobile), 64),
    website: null,
    address: joinAddress(r.address, r.address_2, r.city, r.state, r.zip),
    updatedAt: date(r.updated_at),
  };
}

export function toSyncroContact(raw: unknown): PsaContactRecord {
  const r = obj(raw);
  const id = str(r.id);
  if (!id) throw new PsaError('unavailable', 'Syncro sent a contact without id');
  return {
    externalId: id,
    companyExternalId: str(r.customer_id),
    name: clip(str(r.name), 255) ?? `Contact ${id}`,
    email: clip(str(r.email), 255),
    phone: clip(str(r.phone) ?? str(r.mobile), 64),
    updatedAt: date(r.updated_at),
  };
}

export function toSyncroTicket(raw: unknown): PsaTicketRecord {
  const r = obj(raw);
  const id = str(r.id);
  if (!id) throw new PsaError('unavailable', 'Syncro sent a ticket without id');
  return {
    externalId: id,
    companyExternalId: str(r.customer_id),
    companyName: clip(str(r.customer_business_then_name), 255),
    summary: clip(str(r.subject), 1000) ?? `Ticket ${str(r.number) ?? id}`,
    status: clip(str(r.status), 64),
    priority: clip(str(r.priority), 64),
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}

export class SyncroAdapter implements PsaAdapter {
  private readonly base: string;
  private readonly api: string;
  private readonly headers: Record<string, string>;

  constructor(baseUrl: string, credentials: SyncroCredentials) {
    this.base = baseUrl.replace(/\/+$/, '');
    this.api = `${this.base}/api/v1`;
    this.headers = { authorization: `Bearer ${credentials.apiKey}` };
  }

  private async list<T extends { updatedAt: Date | null }>(path: string, key: string, req: PsaPageRequest, map: (raw: unknown) => T, query: Record<string, string | undefined> = {}, filterLocally = true): Promise<PsaPage<T>> {
    const res = await psaRequest({ method: 'GET', url: `${this.api}${path}`, headers: this.headers, query: { page: req.page, ...query } });
    const body = obj(res.body);
    const rows = body[key];
    if (!Array.isArray(rows)) throw new PsaError('unavailable', `Syncro sent an unreadable ${path} page`);
    const meta = obj(body.meta);
    const totalPages = typeof meta.total_pages === 'number' ? meta.total_pages : null;
    const hasMore = totalPages !== null ? req.page < totalPages : rows.length > 0;
    const items = rows.map(map);
    return { items: filterLocally ? changedSince(items, req.modifiedSince) : items, hasMore };
  }

  async testCredentials(): Promise<void> {
    await psaRequest({ method: 'GET', url: `${this.api}/me`, headers: this.headers });
  }

  listCompanies(req: PsaPageRequest) {
    return this.list('/customers', 'customers', req, toSyncroCustomer);
  }

  listContacts(req: PsaPageRequest) {
    return this.list('/contacts', 'contacts', req, toSyncroContact);
  }

  listTickets(req: PsaPageRequest) {
    return this.list('/tickets', 'tickets', req, toSyncroTicket, { since_updated_at: req.modifiedSince?.toISOString() }, false);
  }

  async createTicket(input: CreatePsaTicket): Promise<PsaTicketRecord> {
    if (!input.companyExternalId) throw new PsaError('rejected', 'Syncro tickets need a customer: import or link the organization to a Syncro customer first');
    const res = await psaRequest({
      method: 'POST',
      url: `${this.api}/tickets`,
      headers: this.headers,
      json: {
        customer_id: Number(input.companyExternalId),
        subject: input.summary.slice(0, 255),
        problem_type: 'Other',
        status: 'New',
        comments_attributes: [{ subject: 'Initial Issue', body: input.description || input.summary, hidden: true, do_not_email: true }],
      },
    });
    return toSyncroTicket(obj(res.body).ticket);
  }

  async updateTicket(externalId: string, change: UpdatePsaTicket): Promise<void> {
    const id = encodeURIComponent(externalId);
    await psaRequest({ method: 'POST', url: `${this.api}/tickets/${id}/comment`, headers: this.headers, json: { subject: 'Update', body: change.note, hidden: true, do_not_email: true } });
    if (change.close) await psaRequest({ method: 'PUT', url: `${this.api}/tickets/${id}`, headers: this.headers, json: { status: 'Resolved' } });
  }

  ticketUrl(externalId: string): string | null {
    return `${this.base}/tickets/${encodeURIComponent(externalId)}`;
  }
}
