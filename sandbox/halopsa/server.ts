// Sandbox of HaloPSA, the shape lib/psa/halopsa-adapter.ts speaks, over seeded clients, users
// and tickets.
//
//   POST /auth/token (form: grant_type=client_credentials, client_id, client_secret, scope)
//        → { access_token, token_type: "Bearer", expires_in } | 400 { error: "invalid_client" }
//   GET  /api/Client | /api/Users | /api/Tickets ?pageinate=true&page_size=N&page_no=P
//        → { page_no, page_size, record_count, clients | users | tickets: [...] }
//        Tickets also take datesearch=lastupdatedate&startdate=ISO.
//   POST /api/Tickets [ { summary, details, client_id } ] → 201 ticket (with `id`: an update)
//   POST /api/Actions [ { ticket_id, note, outcome, hiddenfromuser } ] → 201 action
// Bearer tokens are checked on /api/*. Control (in-process): `state`, `throttle(n, seconds)`,
// `revokeTokens()`.
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { json, startJsonSandbox, type SandboxBase } from '../psa-common/http';

type Rec = Record<string, unknown> & { id: number };

export interface HaloSandbox extends SandboxBase {
  credentials: { clientId: string; clientSecret: string };
  state: { clients: Rec[]; users: Rec[]; tickets: Rec[]; actions: Rec[] };
  revokeTokens(): void;
}

function seed() {
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  return {
    clients: [
      { id: 12, name: 'Adatum Clinic', inactive: false, website: 'https://adatum.example', phonenumber: '555-1200' },
      { id: 13, name: 'Litware Accounting', inactive: false, website: '', phonenumber: '555-1300' },
    ] as Rec[],
    users: [{ id: 301, name: 'Chloe Martin', emailaddress: 'chloe@adatum.example', phonenumber: '555-1201', client_id: 12, client_name: 'Adatum Clinic', site_id: 40 }] as Rec[],
    tickets: [
      { id: 7001, summary: 'VPN drops every hour', details: '', status_id: 1, status_name: 'New', priority_id: 2, priority_name: 'High', client_id: 12, client_name: 'Adatum Clinic', dateoccurred: at(4), lastupdatedate: at(1) },
      { id: 7002, summary: 'Mailbox full', details: '', status_id: 2, status_name: 'In Progress', priority_id: 3, priority_name: 'Medium', client_id: 13, client_name: 'Litware Accounting', dateoccurred: at(9), lastupdatedate: at(8) },
    ] as Rec[],
    actions: [] as Rec[],
  };
}

export async function startHaloSandbox(opts: { host?: string; port?: number; clientSecret?: string } = {}): Promise<HaloSandbox> {
  const credentials = { clientId: 'halo-client-4821', clientSecret: opts.clientSecret ?? randomBytes(12).toString('hex') };
  const tokens = new Set<string>();
  const state = seed();
  let nextTicket = 8000;

  const page = (key: string, records: Rec[], url: URL) => {
    const size = Math.min(100, Math.max(1, Number(url.searchParams.get('page_size') ?? 50)));
    const no = Math.max(1, Number(url.searchParams.get('page_no') ?? 1));
    let rows = [...records].sort((a, b) => a.id - b.id);
    const start = url.searchParams.get('startdate');
    if (start && url.searchParams.get('datesearch') === 'lastupdatedate') rows = rows.filter((r) => Date.parse(String(r.lastupdatedate)) >= Date.parse(start));
    const paged = url.searchParams.get('pageinate') === 'true';
    return json(200, { page_no: no, page_size: size, record_count: rows.length, [key]: paged ? rows.slice((no - 1) * size, no * size) : rows });
  };

  const handler = (req: IncomingMessage, url: URL, body: string) => {
    if (req.method === 'POST' && url.pathname === '/auth/token') {
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'client_credentials') return json(400, { error: 'unsupported_grant_type' });
      if (form.get('client_id') !== credentials.clientId || form.get('client_secret') !== credentials.clientSecret) return json(400, { error: 'invalid_client', error_description: 'Invalid client credentials' });
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: form.get('scope') ?? 'all' });
    }
    if (!url.pathname.startsWith('/api/')) return json(404, { message: 'Not found' });
    const token = req.headers.authorization?.replace(/^Bearer /, '');
    if (!token || !tokens.has(token)) return json(401, { message: 'Unauthorized' });
    if (req.method === 'GET' && url.pathname === '/api/Client') return page('clients', state.clients, url);
    if (req.method === 'GET' && url.pathname === '/api/Users') return page('users', state.users, url);
    if (req.method === 'GET' && url.pathname === '/api/Tickets') return page('tickets', state.tickets, url);
    if (req.method === 'POST' && url.pathname === '/api/Tickets') {
      const [input] = JSON.parse(body || '[]') as { id?: number; summary?: string; details?: string; client_id?: number; status_id?: number }[];
      if (input?.id) {
        const existing = state.tickets.find((t) => t.id === input.id);
        if (!existing) return json(404, { message: 'Ticket not found' });
        if (input.status_id !== undefined) Object.assign(existing, { status_id: input.status_id, status_name: input.status_id === 9 ? 'Closed' : String(input.status_id) });
        existing.lastupdatedate = new Date().toISOString();
        return json(201, existing);
      }
      if (!input?.summary) return json(400, { message: 'summary is required' });
      const client = state.clients.find((c) => c.id === input.client_id);
      const now = new Date().toISOString();
      const ticket: Rec = { id: nextTicket++, summary: input.summary, details: input.details ?? '', status_id: 1, status_name: 'New', priority_id: 3, priority_name: 'Medium', client_id: client?.id ?? null, client_name: client?.name ?? null, dateoccurred: now, lastupdatedate: now };
      state.tickets.push(ticket);
      return json(201, ticket);
    }
    if (req.method === 'POST' && url.pathname === '/api/Actions') {
      const [input] = JSON.parse(body || '[]') as { ticket_id?: number; note?: string }[];
      const ticket = state.tickets.find((t) => t.id === input?.ticket_id);
      if (!ticket) return json(400, { message: 'ticket_id is invalid' });
      const action: Rec = { id: state.actions.length + 1, ...input, datetime: new Date().toISOString() };
      state.actions.push(action);
      ticket.lastupdatedate = new Date().toISOString();
      return json(201, action);
    }
    return json(404, { message: `No route ${req.method} ${url.pathname}` });
  };

  const base = await startJsonSandbox(handler, { ...opts, isApi: (p) => p.startsWith('/api/') || p === '/auth/token' });
  return { ...base, credentials, state, revokeTokens: () => tokens.clear() };
}
