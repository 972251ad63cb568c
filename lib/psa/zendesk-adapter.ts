// Zendesk Support API v2 (`https://<subdomain>.zendesk.com/api/v2`), HTTP Basic with
// `<email>/token:<api token>`. Organizations are the company object. All three entities sync
// through the incremental export API, which is what Zendesk offers for "changed since":
//   GET /incremental/organizations.json?start_time=<unix> and /incremental/users.json
//       → { organizations | users, next_page, end_of_stream, end_time, count } (time-based)
//   GET /incremental/tickets/cursor.json?start_time=<unix>
//       → { tickets, after_url, after_cursor, end_of_stream } (cursor-based)
// A page holds up to 1,000 records, `end_of_stream` marks the last one, and the next page is the
// answer's `next_page` / `after_url`. `start_time` must lie at least a minute in the past (400
// otherwise), so a cursor closer to now is moved back to that minute.
import { PsaError } from './psa-error';
import { psaRequest } from './psa-http';
import { clip, date, obj, str, type CreatePsaTicket, type PsaAdapter, type PsaCompanyRecord, type PsaContactRecord, type PsaPage, type PsaPageRequest, type PsaTicketRecord, type UpdatePsaTicket } from './psa-adapter';

export interface ZendeskCredentials {
  email: string;
  apiToken: string;
}

const MIN_AGE_S = 61;
const PRIORITY: Record<string, string> = { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' };

export function toZdOrganization(raw: unknown): PsaCompanyRecord {
  const r = obj(raw);
  const id = str(r.id);
  const name = str(r.name);
  if (!id || !name) throw new PsaError('unavailable', 'Zendesk sent an organization without id or name');
  const domain = Array.isArray(r.domain_names) ? str(r.domain_names[0]) : null;
  return {
    externalId: id,
    name: clip(name, 255)!,
    identifier: clip(str(r.external_id), 255),
    status: r.deleted_at ? 'Deleted' : null,
    phone: null,
    website: domain ? clip(`https://${domain}`, 1000) : null,
    address: null,
    updatedAt: date(r.updated_at),
  };
}

export function toZdUser(raw: unknown): PsaContactRecord {
  const r = obj(raw);
  const id = str(r.id);
  if (!id) throw new PsaError('unavailable', 'Zendesk sent a user without id');
  return {
    externalId: id,
    companyExternalId: str(r.organization_id),
    name: clip(str(r.name), 255) ?? `User ${id}`,
    email: clip(str(r.email), 255),
    phone: clip(str(r.phone), 64),
    updatedAt: date(r.updated_at),
  };
}

export function toZdTicket(raw: unknown): PsaTicketRecord {
  const r = obj(raw);
  const id = str(r.id);
  if (!id) throw new PsaError('unavailable', 'Zendesk sent a ticket without id');
  const status = str(r.status);
  const priority = str(r.priority);
  return {
    externalId: id,
    companyExternalId: str(r.organization_id),
    companyName: null,
    summary: clip(str(r.subject) ?? str(r.raw_subject), 1000) ?? `Ticket ${id}`,
    status: status ? status.charAt(0).toUpperCase() + status.slice(1) : null,
    priority: priority ? (PRIORITY[priority] ?? priority) : null,
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}

export class ZendeskAdapter implements PsaAdapter {
  private readonly base: string;
  private readonly api: string;
  private readonly headers: Record<string, string>;

  constructor(baseUrl: string, credentials: ZendeskCredentials) {
    this.base = baseUrl.replace(/\/+$/, '');
    this.api = `${this.base}/api/v2`;
    this.headers = { authorization: `Basic ${Buffer.from(`${credentials.email}/token:${credentials.apiToken}`).toString('base64')}` };
  }

  private startTime(since: Date | null | undefined): number {
    if (!since) return 0;
    return Math.max(0, Math.min(Math.floor(since.getTime() / 1000), Math.floor(Date.now() / 1000) - MIN_AGE_S));
  }

  /** A next-page link is followed only on the instance's own origin. */
  private follow(next: string): string {
    let url: URL;
    try {
      url = new URL(next);
    } catch {
      throw new PsaError('unavailable', 'Zendesk sent an unreadable next page link');
    }
    if (url.origin !== new URL(this.api).origin) throw new PsaError('unavailable', 'Zendesk sent a next page link outside the instance');
    return url.toString();
  }

  private async incremental<T>(path: string, key: string, nextKey: 'next_page' | 'after_url', req: PsaPageRequest, map: (raw: unknown) => T, keep: (raw: unknown) => boolean = () => true): Promise<PsaPage<T>> {
    const res = req.cursor
      ? await psaRequest({ method: 'GET', url: this.follow(req.cursor), headers: this.headers })
      : await psaRequest({ method: 'GET', url: `${this.api}${path}`, headers: this.headers, query: { start_time: this.startTime(req.modifiedSince) } });
    const body = obj(res.body);
    const rows = body[key];
    if (!Array.isArray(rows)) throw new PsaError('unavailable', `Zendesk sent an unreadable ${key} page`);
    const next = str(body[nextKey]);
    const hasMore = body.end_of_stream !== true && next !== null;
    return { items: rows.filter(keep).map(map), hasMore, next: hasMore ? next : null };
  }

  async testCredentials(): Promise<void> {
    const res = await psaRequest({ method: 'GET', url: `${this.api}/users/me.json`, headers: this.headers });
    // Zendesk answers an anonymous user (id null) rather than 401 to a request it cannot tie to anyone.
    if (!str(obj(obj(res.body).user).id)) throw new PsaError('unauthorized', 'Zendesk did not recognise the credentials (anonymous user)', 401);
  }

  listCompanies(req: PsaPageRequest) {
    return this.incremental('/incremental/organizations.json', 'organizations', 'next_page', req, toZdOrganization);
  }

  listContacts(req: PsaPageRequest) {
    // Agents and admins are the help desk's own staff, not a customer's contacts.
    return this.incremental('/incremental/users.json', 'users', 'next_page', req, toZdUser, (u) => obj(u).role === 'end-user');
  }

  listTickets(req: PsaPageRequest) {
    return this.incremental('/incremental/tickets/cursor.json', 'tickets', 'after_url', req, toZdTicket);
  }

  async createTicket(input: CreatePsaTicket): Promise<PsaTicketRecord> {
    const ticket = { subject: input.summary.slice(0, 255), comment: { body: input.description || input.summary, public: false }, priority: 'normal', ...(input.companyExternalId ? { organization_id: Number(input.companyExternalId) } : {}) };
    const res = await psaRequest({ method: 'POST', url: `${this.api}/tickets.json`, headers: this.headers, json: { ticket } });
    return toZdTicket(obj(res.body).ticket);
  }

  async updateTicket(externalId: string, change: UpdatePsaTicket): Promise<void> {
    // One update carries the private comment and, when closing, the `solved` status.
    const ticket = { comment: { body: change.note, public: false }, ...(change.close ? { status: 'solved' } : {}) };
    await psaRequest({ method: 'PUT', url: `${this.api}/tickets/${encodeURIComponent(externalId)}.json`, headers: this.headers, json: { ticket } });
  }

  ticketUrl(externalId: string): string | null {
    return `${this.base}/agent/tickets/${encodeURIComponent(externalId)}`;
  }
}
