// Sandbox of the Syncro API v1, the shape lib/psa/syncro-adapter.ts speaks, over seeded
// customers, contacts and tickets. The API token goes in `Authorization` (bare or `Bearer …`)
// or the `api_key` query parameter, else 401.
//
//   GET  /api/v1/me → { user_id, user_name, subdomain }
//   GET  /api/v1/customers | /api/v1/contacts | /api/v1/tickets ?page=P
//        → { customers | contacts | tickets: [...], meta: { total_pages, total_entries, per_page, page } }
//        (25 per page, by id); tickets also take since_updated_at=<ISO>
//   POST /api/v1/tickets { customer_id, subject, problem_type, status, comments_attributes } → { ticket }
//   POST /api/v1/tickets/:id/comment { subject, body, hidden, do_not_email } → { comment }
//   PUT  /api/v1/tickets/:id { status } → { ticket }
// Control (in-process): `state`, `touch(kind, id, changes)`, `throttle(n, seconds)`.
import type { IncomingMessage } from 'node:http';
import { json, startJsonSandbox, type SandboxBase } from '../psa-common/http';

type Rec = Record<string, unknown> & { id: number; updated_at: string };
type Kind = 'customers' | 'contacts' | 'tickets';

export interface SyncroSandbox extends SandboxBase {
  credentials: { apiKey: string };
  state: { customers: Rec[]; contacts: Rec[]; tickets: Rec[]; comments: Rec[] };
  touch(kind: Kind, id: number, changes: Record<string, unknown>): void;
}

const PER_PAGE = 25;
const iso = (daysAgo = 0) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();

function seed() {
  return {
    customers: [
      { id: 1550, firstname: 'Ivy', lastname: 'Chen', fullname: 'Ivy Chen', business_name: 'Alpine Ski House', email: 'ivy@alpineski.example', phone: '555-0501', address: '1 Ridge Road', address_2: '', city: 'Denver', state: 'CO', zip: '80201', disabled: false, created_at: iso(100), updated_at: iso(40) },
      { id: 1551, firstname: 'Jon', lastname: 'Park', fullname: 'Jon Park', business_name: 'Coho Winery', email: 'jon@coho.example', phone: '555-0502', address: '', address_2: '', city: 'Napa', state: 'CA', zip: '', disabled: false, created_at: iso(90), updated_at: iso(14) },
    ] as Rec[],
    contacts: [{ id: 88001, customer_id: 1550, name: 'Kim Alvarez', email: 'kim@alpineski.example', phone: '555-0511', mobile: '', created_at: iso(50), updated_at: iso(25) }] as Rec[],
    tickets: [
      { id: 410001, number: 1001, subject: 'Wi-Fi slow in tasting room', status: 'New', priority: '2 Normal', problem_type: 'Network', customer_id: 1551, customer_business_then_name: 'Coho Winery', created_at: iso(3), updated_at: iso(2) },
      { id: 410002, number: 1002, subject: 'Laptop battery', status: 'In Progress', priority: '3 Low', problem_type: 'Hardware', customer_id: 1550, customer_business_then_name: 'Alpine Ski House', created_at: iso(12), updated_at: iso(11) },
    ] as Rec[],
    comments: [] as Rec[],
  };
}

export async function startSyncroSandbox(opts: { host?: string; port?: number; apiKey?: string } = {}): Promise<SyncroSandbox> {
  const credentials = { apiKey: opts.apiKey ?? 'T4f2c9e1a7b3d5-syncro-sandbox' };
  const state = seed();
  let nextTicket = 420000;
  let nextNumber = 2000;

  const page = (key: Kind, records: Rec[], url: URL) => {
    const p = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const rows = [...records].sort((a, b) => a.id - b.id);
    const total = Math.max(1, Math.ceil(rows.length / PER_PAGE));
    return json(200, { [key]: rows.slice((p - 1) * PER_PAGE, p * PER_PAGE), meta: { total_pages: total, total_entries: rows.length, per_page: PER_PAGE, page: p } });
  };

  const handler = (req: IncomingMessage, url: URL, body: string) => {
    if (!url.pathname.startsWith('/api/v1/')) return json(404, { error: 'Not found' });
    const token = req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? url.searchParams.get('api_key');
    if (token !== credentials.apiKey) return json(401, { error: 'Unauthorized' });
    const path = url.pathname.slice('/api/v1'.length);
    if (req.method === 'GET' && path === '/me') return json(200, { user_id: 7, user_name: 'API User', subdomain: 'sandboxmsp' });
    if (req.method === 'GET' && path === '/customers') return page('customers', state.customers, url);
    if (req.method === 'GET' && path === '/contacts') return page('contacts', state.contacts, url);
    if (req.method === 'GET' && path === '/tickets') {
      const since = url.searchParams.get('since_updated_at');
      return page('tickets', since ? state.tickets.filter((t) => Date.parse(t.updated_at) >= Date.parse(since)) : state.tickets, url);
    }
    if (req.method === 'POST' && path === '/tickets') {
      const input = JSON.parse(body || '{}') as Record<string, unknown>;
      const customer = state.customers.find((c) => c.id === input.customer_id);
      if (!customer) return json(422, { message: ['Customer must exist'] });
      if (!input.subject) return json(422, { message: ["Subject can't be blank"] });
      const now = iso();
      const ticket: Rec = { id: nextTicket++, number: nextNumber++, subject: input.subject, status: input.status ?? 'New', priority: input.priority ?? null, problem_type: input.problem_type ?? 'Other', customer_id: customer.id, customer_business_then_name: customer.business_name ?? customer.fullname, created_at: now, updated_at: now };
      state.tickets.push(ticket);
      for (const c of (input.comments_attributes as Record<string, unknown>[] | undefined) ?? []) state.comments.push({ id: state.comments.length + 1, ticket_id: ticket.id, ...c, updated_at: now });
      return json(200, { ticket });
    }
    const comment = path.match(/^\/tickets\/(\d+)\/comment$/);
    if (req.method === 'POST' && comment) {
      const ticket = state.tickets.find((t) => t.id === Number(comment[1]));
      if (!ticket) return json(404, { error: 'Not found' });
      const input = JSON.parse(body || '{}') as Record<string, unknown>;
      if (!input.body) return json(422, { message: ["Body can't be blank"] });
      const row: Rec = { id: state.comments.length + 1, ticket_id: ticket.id, ...input, updated_at: iso() };
      state.comments.push(row);
      ticket.updated_at = iso();
      return json(200, { comment: row });
    }
    const one = path.match(/^\/tickets\/(\d+)$/);
    if (req.method === 'PUT' && one) {
      const ticket = state.tickets.find((t) => t.id === Number(one[1]));
      if (!ticket) return json(404, { error: 'Not found' });
      const input = JSON.parse(body || '{}') as Record<string, unknown>;
      if (typeof input.status === 'string') ticket.status = input.status;
      ticket.updated_at = iso();
      return json(200, { ticket });
    }
    return json(404, { error: `No route ${req.method} ${path}` });
  };

  const base = await startJsonSandbox(handler, { ...opts, isApi: (p) => p.startsWith('/api/v1/') });
  return {
    ...base,
    credentials,
    state,
    touch(kind, id, changes) {
      const r = state[kind].find((x) => x.id === id);
      if (!r) throw new Error(`no ${kind} ${id}`);
      Object.assign(r, changes, { updated_at: iso() });
    },
  };
}
