// HaloPSA: OAuth2 client credentials at `<base>/auth/token` (form: grant_type, client_id,
// client_secret, scope=all; optional `tenant` for hosted instances), then bearer calls under
// `<base>/api`. Lists take `pageinate=true`, `page_size` and `page_no` (from 1) and answer
// `{ record_count, <entity>: [...] }`. Tickets filter by last update with `datesearch` and
// `startdate`; the client and user lists have no modified-since filter, so they are walked whole
// and the caller's cursor simply records when the walk happened.
import { PsaError } from './psa-error';
import { psaRequest } from './psa-http';
import { clip, date, str, type CreatePsaTicket, type PsaAdapter, type PsaCompanyRecord, type PsaContactRecord, type PsaPage, type PsaPageRequest, type PsaTicketRecord, type UpdatePsaTicket } from './psa-adapter';

export interface HaloCredentials {
  clientId: string;
  clientSecret: string;
  tenant?: string;
}

const HALO_CLOSED = 9;

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw => (v && typeof v === 'object' ? (v as Raw) : {});

export function toHaloCompany(raw: unknown): PsaCompanyRecord {
  const r = obj(raw);
  const id = str(r.id);
  const name = str(r.name);
  if (!id || !name) throw new PsaError('unavailable', 'HaloPSA sent a client without id or name');
  return {
    externalId: id,
    name: clip(name, 255)!,
    identifier: null,
    status: r.inactive === true ? 'Inactive' : 'Active',
    phone: clip(str(r.phonenumber), 64),
    website: clip(str(r.website), 1000),
    address: null,
    updatedAt: null,
  };
}

export function toHaloContact(raw: unknown): PsaContactRecord {
  const r = obj(raw);
  const id = str(r.id);
  if (!id) throw new PsaError('unavailable', 'HaloPSA sent a user without id');
  return {
    externalId: id,
    companyExternalId: str(r.client_id),
    name: clip(str(r.name), 255) ?? `User ${id}`,
    email: clip(str(r.emailaddress), 255),
    phone: clip(str(r.phonenumber), 64),
    updatedAt: null,
  };
}

export function toHaloTicket(raw: unknown): PsaTicketRecord {
  const r = obj(raw);
  const id = str(r.id);
  if (!id) throw new PsaError('unavailable', 'HaloPSA sent a ticket without id');
  return {
    externalId: id,
    companyExternalId: str(r.client_id),
    companyName: clip(str(r.client_name), 255),
    summary: clip(str(r.summary), 1000) ?? `Ticket ${id}`,
    status: clip(str(r.status_name) ?? str(r.status_id), 64),
    priority: clip(str(r.priority_name) ?? str(r.priority_id), 64),
    createdAt: date(r.dateoccurred),
    updatedAt: date(r.lastupdatedate),
  };
}

export class HaloPsaAdapter implements PsaAdapter {
  private readonly base: string;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    baseUrl: string,
    private readonly credentials: HaloCredentials,
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  private async bearer(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 30_000) return this.token.value;
    const res = await psaRequest({
      method: 'POST',
      url: `${this.base}/auth/token`,
      query: this.credentials.tenant ? { tenant: this.credentials.tenant } : undefined,
      form: { grant_type: 'client_credentials', client_id: this.credentials.clientId, client_secret: this.credentials.clientSecret, scope: 'all' },
    }).catch((error: unknown) => {
      // The token endpoint answers 400 invalid_client for a wrong id or secret.
      if (error instanceof PsaError && error.kind === 'rejected') throw new PsaError('unauthorized', error.message, error.status);
      throw error;
    });
    const body = obj(res.body);
    const value = str(body.access_token);
    if (!value) throw new PsaError('unavailable', 'HaloPSA issued no access token');
    const ttl = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.token = { value, expiresAt: Date.now() + ttl * 1000 };
    return value;
  }

  private async call(method: 'GET' | 'POST', path: string, opts: { query?: Record<string, string | number | boolean | undefined>; json?: unknown } = {}) {
    const send = async () => psaRequest({ method, url: `${this.base}/api${path}`, headers: { authorization: `Bearer ${await this.bearer()}` }, ...opts });
    try {
      return await send();
    } catch (error) {
      // A revoked or expired token: fetch a new one once.
      if (!(error instanceof PsaError && error.kind === 'unauthorized' && this.token)) throw error;
      this.token = null;
      return send();
    }
  }

  private async list<T>(path: string, key: string, req: PsaPageRequest, map: (raw: unknown) => T, extra: Record<string, string | undefined> = {}): Promise<PsaPage<T>> {
    const res = await this.call('GET', path, { query: { pageinate: true, page_size: req.pageSize, page_no: req.page, ...extra } });
    const body = obj(res.body);
    const rows = body[key];
    if (!Array.isArray(rows)) throw new PsaError('unavailable', `HaloPSA sent an unreadable ${path} page`);
    const total = typeof body.record_count === 'number' ? body.record_count : null;
    const hasMore = total !== null ? req.page * req.pageSize < total : rows.length >= req.pageSize;
    return { items: rows.map(map), hasMore };
  }

  async testCredentials(): Promise<void> {
    this.token = null;
    await this.call('GET', '/Client', { query: { pageinate: true, page_size: 1, page_no: 1 } });
  }

  listCompanies(req: PsaPageRequest) {
    return this.list('/Client', 'clients', req, toHaloCompany);
  }

  listContacts(req: PsaPageRequest) {
    return this.list('/Users', 'users', req, toHaloContact);
  }

  listTickets(req: PsaPageRequest) {
    const since = req.modifiedSince ? { datesearch: 'lastupdatedate', startdate: req.modifiedSince.toISOString() } : {};
    return this.list('/Tickets', 'tickets', req, toHaloTicket, since);
  }

  async createTicket(input: CreatePsaTicket): Promise<PsaTicketRecord> {
    // Halo's POST endpoints take an array and answer the saved record.
    const res = await this.call('POST', '/Tickets', { json: [{ summary: input.summary, details: input.description ?? '', ...(input.companyExternalId ? { client_id: Number(input.companyExternalId) } : {}) }] });
    return toHaloTicket(Array.isArray(res.body) ? res.body[0] : res.body);
  }

  async updateTicket(externalId: string, change: UpdatePsaTicket): Promise<void> {
    const ticketId = Number(externalId);
    // Actions are a ticket's notes; hidden from the end user. Status 9 is Halo's default Closed.
    await this.call('POST', '/Actions', { json: [{ ticket_id: ticketId, note: change.note, outcome: 'Private Note', hiddenfromuser: true }] });
    if (change.close) await this.call('POST', '/Tickets', { json: [{ id: ticketId, status_id: HALO_CLOSED }] });
  }

  ticketUrl(externalId: string): string | null {
    return `${this.base}/ticket?id=${encodeURIComponent(externalId)}`;
  }
}
