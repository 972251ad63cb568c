// ConnectWise PSA (Manage) REST API 3.0: `<site>/v4_6_release/apis/3.0`, HTTP Basic with
// `<companyId>+<publicKey>:<privateKey>` and the integrator's `clientId` header. Lists take
// `conditions` (lastUpdated>[ISO]), `page` (from 1), `pageSize` (max 1,000) and `orderBy`; each
// record carries `_info.lastUpdated`. A page shorter than pageSize is the last one.
import { PsaError } from './psa-error';
import { psaRequest } from './psa-http';
import { clip, date, str, type CreatePsaTicket, type PsaAdapter, type PsaCompanyRecord, type PsaContactRecord, type PsaPage, type PsaPageRequest, type PsaTicketRecord, type UpdatePsaTicket } from './psa-adapter';

export interface ConnectWiseCredentials {
  companyId: string;
  publicKey: string;
  privateKey: string;
  clientId: string;
}

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw => (v && typeof v === 'object' ? (v as Raw) : {});

/** CW conditions quote dates in square brackets; seconds precision is what it stores. */
const cwDate = (d: Date) => `[${d.toISOString().replace(/\.\d{3}Z$/, 'Z')}]`;

export function toCwCompany(raw: unknown): PsaCompanyRecord {
  const r = obj(raw);
  const id = str(r.id);
  const name = str(r.name);
  if (!id || !name) throw new PsaError('unavailable', 'ConnectWise sent a company without id or name');
  const address = [r.addressLine1, r.addressLine2, r.city, r.state, r.zip].map(str).filter(Boolean).join(', ');
  return {
    externalId: id,
    name: clip(name, 255)!,
    identifier: clip(str(r.identifier), 255),
    status: clip(str(obj(r.status).name), 64),
    phone: clip(str(r.phoneNumber), 64),
    website: clip(str(r.website), 1000),
    address: address ? address.slice(0, 1000) : null,
    updatedAt: date(obj(r._info).lastUpdated),
  };
}

export function toCwContact(raw: unknown): PsaContactRecord {
  const r = obj(raw);
  const id = str(r.id);
  if (!id) throw new PsaError('unavailable', 'ConnectWise sent a contact without id');
  const items = Array.isArray(r.communicationItems) ? r.communicationItems.map(obj) : [];
  const pick = (type: string) => str(items.find((i) => i.communicationType === type && i.defaultFlag)?.value ?? items.find((i) => i.communicationType === type)?.value);
  const name = [str(r.firstName), str(r.lastName)].filter(Boolean).join(' ') || `Contact ${id}`;
  return {
    externalId: id,
    companyExternalId: str(obj(r.company).id),
    name: name.slice(0, 255),
    email: clip(pick('Email'), 255),
    phone: clip(pick('Phone'), 64),
    updatedAt: date(obj(r._info).lastUpdated),
  };
}

export function toCwTicket(raw: unknown): PsaTicketRecord {
  const r = obj(raw);
  const id = str(r.id);
  if (!id) throw new PsaError('unavailable', 'ConnectWise sent a ticket without id');
  const info = obj(r._info);
  return {
    externalId: id,
    companyExternalId: str(obj(r.company).id),
    companyName: clip(str(obj(r.company).name), 255),
    summary: clip(str(r.summary), 1000) ?? `Ticket ${id}`,
    status: clip(str(obj(r.status).name), 64),
    priority: clip(str(obj(r.priority).name), 64),
    createdAt: date(info.dateEntered),
    updatedAt: date(info.lastUpdated),
  };
}

export class ConnectWiseAdapter implements PsaAdapter {
  private readonly site: string;
  private readonly api: string;
  private readonly headers: Record<string, string>;

  constructor(
    baseUrl: string,
    private readonly credentials: ConnectWiseCredentials,
  ) {
    this.site = baseUrl.replace(/\/+$/, '');
    this.api = `${baseUrl.replace(/\/+$/, '')}/v4_6_release/apis/3.0`;
    const basic = Buffer.from(`${credentials.companyId}+${credentials.publicKey}:${credentials.privateKey}`).toString('base64');
    this.headers = { authorization: `Basic ${basic}`, clientId: credentials.clientId };
  }

  private async list<T>(path: string, req: PsaPageRequest, map: (raw: unknown) => T): Promise<PsaPage<T>> {
    const res = await psaRequest({
      method: 'GET',
      url: `${this.api}${path}`,
      headers: this.headers,
      query: {
        page: req.page,
        pageSize: req.pageSize,
        orderBy: 'id asc',
        conditions: req.modifiedSince ? `lastUpdated>=${cwDate(req.modifiedSince)}` : undefined,
      },
    });
    if (!Array.isArray(res.body)) throw new PsaError('unavailable', `ConnectWise sent an unreadable ${path} page`);
    return { items: res.body.map(map), hasMore: res.body.length >= req.pageSize };
  }

  async testCredentials(): Promise<void> {
    await psaRequest({ method: 'GET', url: `${this.api}/system/info`, headers: this.headers });
  }

  listCompanies(req: PsaPageRequest) {
    return this.list('/company/companies', req, toCwCompany);
  }

  listContacts(req: PsaPageRequest) {
    return this.list('/company/contacts', req, toCwContact);
  }

  listTickets(req: PsaPageRequest) {
    return this.list('/service/tickets', req, toCwTicket);
  }

  async createTicket(input: CreatePsaTicket): Promise<PsaTicketRecord> {
    const res = await psaRequest({
      method: 'POST',
      url: `${this.api}/service/tickets`,
      headers: this.headers,
      json: { summary: input.summary.slice(0, 100), initialDescription: input.description, ...(input.companyExternalId ? { company: { id: Number(input.companyExternalId) } } : {}) },
    });
    return toCwTicket(res.body);
  }

  async updateTicket(externalId: string, change: UpdatePsaTicket): Promise<void> {
    const id = encodeURIComponent(externalId);
    await psaRequest({ method: 'POST', url: `${this.api}/service/tickets/${id}/notes`, headers: this.headers, json: { text: change.note, internalAnalysisFlag: true, detailDescriptionFlag: false } });
    // PATCH takes a JSON Patch document; `closedFlag` closes whatever the board's statuses are.
    if (change.close) await psaRequest({ method: 'PATCH', url: `${this.api}/service/tickets/${id}`, headers: this.headers, json: [{ op: 'replace', path: 'closedFlag', value: true }] });
  }

  ticketUrl(externalId: string): string | null {
    return `${this.site}/v4_6_release/services/system_io/Service/fv_sr100_request.rails?service_recid=${encodeURIComponent(externalId)}&companyName=${encodeURIComponent(this.credentials.companyId)}`;
  }
}
