// Autotask PSA REST API v1.0. Every call carries the `ApiIntegrationCode`, `UserName` and
// `Secret` headers of an API-only user. The tenant's zone is discovered first:
// `GET <base>/atservicesrest/V1.0/zoneInformation?user=<username>` answers `{ url }`, the zone's
// `…/ATServicesRest/` root, and every later call goes to `<zone url>V1.0/…`. Lists are queries:
// `POST /<Entity>/query` with `{ MaxRecords (≤ 500), filter: [{ op, field, value }] }` answers
// `{ items, pageDetails: { count, requestCount, prevPageUrl, nextPageUrl } }`, and the next page
// is a GET of `nextPageUrl` (null on the last page). Modified-since filters: companies and
// tickets by `lastActivityDate`, contacts by `lastModifiedDate`. Writes answer `{ itemId }`.
import { PsaError } from './psa-error';
import { psaRequest } from './psa-http';
import { clip, date, joinAddress, obj, str, type CreatePsaTicket, type PsaAdapter, type PsaCompanyRecord, type PsaContactRecord, type PsaPage, type PsaPageRequest, type PsaTicketRecord, type UpdatePsaTicket } from './psa-adapter';

export interface AutotaskCredentials {
  username: string;
  secret: string;
  integrationCode: string;
}

const MAX_RECORDS = 500;
/** The default ticket picklists of a new Autotask tenant. */
const TICKET_STATUS: Record<string, string> = { '1': 'New', '5': 'Complete', '7': 'Waiting Customer', '8': 'In Progress', '9': 'Waiting Materials', '10': 'Dispatched', '12': 'Waiting Vendor', '13': 'Waiting Approval' };
const TICKET_PRIORITY: Record<string, string> = { '1': 'High', '2': 'Medium', '3': 'Low', '4': 'Critical' };
const STATUS_NEW = 1;
const STATUS_COMPLETE = 5;
const PRIORITY_MEDIUM = 2;
/** `noteType` 1 is a general note; `publish` 2 keeps it to internal users. */
const NOTE_GENERAL = 1;
const PUBLISH_INTERNAL = 2;

export function toAtCompany(raw: unknown): PsaCompanyRecord {
  const r = obj(raw);
  const id = str(r.id);
  const name = str(r.companyName);
  if (!id || !name) throw new PsaError('unavailable', 'Autotask sent a company without id or companyName');
  return {
    externalId: id,
    name: clip(name, 255)!,
    identifier: clip(str(r.companyNumber), 255),
    status: r.isActive === false ? 'Inactive' : 'Active',
    phone: clip(str(r.phone), 64),
    website: clip(str(r.webAddress), 1000),
    address: joinAddress(r.address1, r.address2, r.city, r.state, r.postalCode),
    updatedAt: date(r.lastActivityDate),
  };
}

export function toAtContact(raw: unknown): PsaContactRecord {
  const r = obj(raw);
  const id = str(r.id);
  if (!id) throw new PsaError('unavailable', 'Autotask sent a contact without id');
  const name = [str(r.firstName), str(r.lastName)].filter(Boolean).join(' ') || `Contact ${id}`;
  return {
    externalId: id,
    companyExternalId: str(r.companyID),
    name: name.slice(0, 255),
    email: clip(str(r.emailAddress), 255),
    phone: clip(str(r.phone) ?? str(r.mobilePhone), 64),
    updatedAt: date(r.lastModifiedDate),
  };
}

export function toAtTicket(raw: unknown): PsaTicketRecord {
  const r = obj(raw);
  const id = str(r.id);
  if (!id) throw new PsaError('unavailable', 'Autotask sent a ticket without id');
  const status = str(r.status);
  const priority = str(r.priority);
  return {
    externalId: id,
    companyExternalId: str(r.companyID),
    companyName: null,
    summary: clip(str(r.title), 1000) ?? `Ticket ${str(r.ticketNumber) ?? id}`,
    status: clip(status ? (TICKET_STATUS[status] ?? status) : null, 64),
    priority: clip(priority ? (TICKET_PRIORITY[priority] ?? priority) : null, 64),
    createdAt: date(r.createDate),
    updatedAt: date(r.lastActivityDate),
  };
}

export class AutotaskAdapter implements PsaAdapter {
  private readonly base: string;
  private readonly headers: Record<string, string>;
  private zone: { api: string; web: string | null } | null = null;

  constructor(
    baseUrl: string,
    private readonly credentials: AutotaskCredentials,
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
    this.headers = { ApiIntegrationCode: credentials.integrationCode, UserName: credentials.username, Secret: credentials.secret };
  }

  /** The API root of the user's zone, asked once per adapter. */
  private async api(): Promise<string> {
    if (this.zone) return this.zone.api;
    const res = await psaRequest({ method: 'GET', url: `${this.base}/atservicesrest/V1.0/zoneInformation`, query: { user: this.credentials.username } }).catch((error: unknown) => {
      // An unknown user name answers 404 or 500 from the discovery service.
      if (error instanceof PsaError && (error.status === 404 || error.status === 500)) throw new PsaError('unauthorized', `Autotask knows no zone for user ${this.credentials.username}`, error.status);
      throw error;
    });
    const body = obj(res.body);
    const url = str(body.url);
    if (!url || !/^https?:\/\//i.test(url)) throw new PsaError('unavailable', 'Autotask zone discovery named no API address');
    this.zone = { api: `${url.replace(/\/+$/, '')}/V1.0`, web: str(body.webUrl) };
    return this.zone.api;
  }

  /** A nextPageUrl is followed only on the zone's own origin, so credentials never leave it. */
  private sameZone(api: string, next: string): string {
    let target: URL;
    try {
      target = new URL(next);
    } catch {
      throw new PsaError('unavailable', 'Autotask sent an unreadable nextPageUrl');
    }
    if (target.origin !== new URL(api).origin) throw new PsaError('unavailable', 'Autotask sent a nextPageUrl outside its zone');
    return target.toString();
  }

  private async query<T>(entity: string, field: string, req: PsaPageRequest, map: (raw: unknown) => T): Promise<PsaPage<T>> {
    const api = await this.api();
    const filter = req.modifiedSince ? [{ op: 'gte', field, value: req.modifiedSince.toISOString() }] : [{ op: 'gte', field: 'id', value: 0 }];
    const res = req.cursor
      ? await psaRequest({ method: 'GET', url: this.sameZone(api, req.cursor), headers: this.headers })
      : await psaRequest({ method: 'POST', url: `${api}/${entity}/query`, headers: this.headers, json: { MaxRecords: Math.min(MAX_RECORDS, req.pageSize), filter } });
    const body = obj(res.body);
    if (!Array.isArray(body.items)) throw new PsaError('unavailable', `Autotask sent an unreadable ${entity} page`);
    const next = str(obj(body.pageDetails).nextPageUrl);
    return { items: body.items.map(map), hasMore: next !== null, next };
  }

  async testCredentials(): Promise<void> {
    this.zone = null;
    await psaRequest({ method: 'GET', url: `${await this.api()}/ThresholdInformation`, headers: this.headers });
  }

  async listCompanies(req: PsaPageRequest) {
    // Company 0 is the tenant itself (the MSP), never one of its customers.
    const res = await this.query('Companies', 'lastActivityDate', req, toAtCompany);
    return { ...res, items: res.items.filter((c) => c.externalId !== '0') };
  }

  listContacts(req: PsaPageRequest) {
    return this.query('Contacts', 'lastModifiedDate', req, toAtContact);
  }

  listTickets(req: PsaPageRequest) {
    return this.query('Tickets', 'lastActivityDate', req, toAtTicket);
  }

  async createTicket(input: CreatePsaTicket): Promise<PsaTicketRecord> {
    const api = await this.api();
    // Company 0 is the tenant's own company: where a ticket for no known customer belongs.
    const created = await psaRequest({
      method: 'POST',
      url: `${api}/Tickets`,
      headers: this.headers,
      json: { companyID: input.companyExternalId ? Number(input.companyExternalId) : 0, title: input.summary.slice(0, 255), description: (input.description ?? '').slice(0, 8000), status: STATUS_NEW, priority: PRIORITY_MEDIUM },
    });
    const itemId = str(obj(created.body).itemId);
    if (!itemId) throw new PsaError('unavailable', 'Autotask answered the new ticket without an itemId');
    const res = await psaRequest({ method: 'GET', url: `${api}/Tickets/${encodeURIComponent(itemId)}`, headers: this.headers });
    return toAtTicket(obj(res.body).item);
  }

  async updateTicket(externalId: string, change: UpdatePsaTicket): Promise<void> {
    const api = await this.api();
    await psaRequest({ method: 'POST', url: `${api}/Tickets/${encodeURIComponent(externalId)}/Notes`, headers: this.headers, json: { title: 'Update from RMM', description: change.note.slice(0, 3200), noteType: NOTE_GENERAL, publish: PUBLISH_INTERNAL } });
    if (change.close) await psaRequest({ method: 'PATCH', url: `${api}/Tickets`, headers: this.headers, json: { id: Number(externalId), status: STATUS_COMPLETE } });
  }

  ticketUrl(externalId: string): string | null {
    const web = this.zone?.web;
    return web ? `${web.replace(/\/+$/, '')}/Mvc/ServiceDesk/TicketDetail.mvc?ticketId=${encodeURIComponent(externalId)}` : null;
  }
}
