// Sandbox of the Zendesk Support API v2, the shape lib/psa/zendesk-adapter.ts speaks, over seeded
// organizations, users and tickets. HTTP Basic `<email>/token:<apiToken>` on /api/v2/*, else
// 401 { error: "Couldn't authenticate you" }.
//
//   GET /api/v2/users/me.json → { user }
//   GET /api/v2/incremental/organizations.json?start_time=<unix>[&per_page=N]
//   GET /api/v2/incremental/users.json?start_time=<unix>[&per_page=N]
//       → { organizations | users, next_page, count, end_time, end_of_stream } (records updated at
//         or after start_time, oldest first; next_page restarts at end_time)
//   GET /api/v2/incremental/tickets/cursor.json?start_time=<unix> | ?cursor=<c>
//       → { tickets, after_url, after_cursor, before_url, before_cursor, end_of_stream }
//   A start_time less than a minute old answers 400, as Zendesk does.
//   POST /api/v2/tickets.json { ticket: { subject, comment: { body, public }, organization_id, priority } } → 201 { ticket, audit }
//   PUT  /api/v2/tickets/:id.json { ticket: { comment, status } } → { ticket, audit }
// Control (in-process): `state`, `touch(kind, id, changes)`, `throttle(n, seconds)`.
import type { IncomingMessage } from 'node:http';
import { json, startJsonSandbox, type SandboxBase } from '../psa-common/http';

type Rec = Record<string, unknown> & { id: number; updated_at: string };
type Kind = 'organizations' | 'users' | 'tickets';

export interface ZendeskSandbox extends SandboxBase {
  credentials: { email: string; apiToken: string };
  state: { organizations: Rec[]; users: Rec[]; tickets: Rec[]; comments: { ticketId: number; body: string; public: boolean }[] };
  touch(kind: Kind, id: number, changes: Record<string, unknown>): void;
}

const DEFAULT_PAGE = 1000;
const at = (secondsAgo: number) => new Date(Math.floor(Date.now() / 1000 - secondsAgo) * 1000).toISOString().replace('.000Z', 'Z');
const day = 86_400;

function seed() {
  return {
    organizations: [
      { id: 360001, name: 'Proseware Inc', domain_names: ['proseware.example'], external_id: 'PW-1', details: '', notes: '', tags: [], created_at: at(90 * day), updated_at: at(30 * day) },
      { id: 360002, name: 'Woodgrove Bank', domain_names: [], external_id: null, details: '', notes: '', tags: [], created_at: at(80 * day), updated_at: at(15 * day) },
    ] as Rec[],
    users: [
      { id: 5101, name: 'Fay Lindqvist', email: 'fay@proseware.example', phone: '+1 555 0401', role: 'end-user', organization_id: 360001, created_at: at(60 * day), updated_at: at(20 * day) },
      { id: 5102, name: 'Gus Agent', email: 'gus@sandboxmsp.example', phone: null, role: 'agent', organization_id: null, created_at: at(60 * day), updated_at: at(19 * day) },
      { id: 5103, name: 'Hana Ito', email: 'hana@woodgrove.example', phone: null, role: 'end-user', organization_id: 360002, created_at: at(40 * day), updated_at: at(10 * day) },
    ] as Rec[],
    tickets: [
      { id: 81, subject: 'Cannot print to 3rd floor', raw_subject: 'Cannot print to 3rd floor', status: 'open', priority: 'normal', organization_id: 360001, requester_id: 5101, created_at: at(5 * day), updated_at: at(3 * day) },
      { id: 82, subject: 'Password reset', raw_subject: 'Password reset', status: 'solved', priority: 'low', organization_id: 360002, requester_id: 5103, created_at: at(9 * day), updated_at: at(8 * day) },
    ] as Rec[],
    comments: [] as { ticketId: number; body: string; public: boolean }[],
  };
}

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export async function startZendeskSandbox(opts: { host?: string; port?: number } = {}): Promise<ZendeskSandbox> {
  const credentials = { email: 'integrations@sandboxmsp.example', apiToken: 'zdTOKEN6c1f0e9b2a' };
  const expected = `Basic ${Buffer.from(`${credentials.email}/token:${credentials.apiToken}`).toString('base64')}`;
  const state = seed();
  let nextTicket = 100;

  const startTime = (url: URL) => {
    const raw = url.searchParams.get('start_time');
    if (raw === null || !/^\d+$/.test(raw)) return { error: json(400, { error: 'InvalidValue', description: 'start_time is required and must be a Unix epoch time' }) };
    const value = Number(raw);
    if (value > Date.now() / 1000 - 60) return { error: json(400, { error: 'InvalidValue', description: 'Too recent start_time. Use a start_time older than 1 minute' }) };
    return { value };
  };

  const timeBased = (kind: 'organizations' | 'users', url: URL) => {
    const st = startTime(url);
    if (st.error) return st.error;
    const perPage = Math.min(1000, Math.max(1, Number(url.searchParams.get('per_page') ?? DEFAULT_PAGE)));
    const rows = state[kind].filter((r) => unix(r.updated_at) >= st.value!).sort((a, b) => unix(a.updated_at) - unix(b.updated_at) || a.id - b.id);
    const out = rows.slice(0, perPage);
    const endTime = out.length ? unix(out[out.length - 1].updated_at) : st.value!;
    const endOfStream = rows.length <= perPage;
    const next = `${base.url}/api/v2/incremental/${kind}.json?start_time=${endTime}${url.searchParams.get('per_page') ? `&per_page=${perPage}` : ''}`;
    return json(200, { [kind]: out, next_page: next, count: out.length, end_time: endTime, end_of_stream: endOfStream });
  };

  const ticketCursor = (url: URL) => {
    let from: number;
    let offset: number;
    const cursor = url.searchParams.get('cursor');
    if (cursor) {
      const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { from: number; offset: number };
      from = decoded.from;
      offset = decoded.offset;
    } else {
      const st = startTime(url);
      if (st.error) return st.error;
      from = st.value!;
      offset = 0;
    }
    const perPage = Math.min(1000, Math.max(1, Number(url.searchParams.get('per_page') ?? DEFAULT_PAGE)));
    const rows = state.tickets.filter((r) => unix(r.updated_at) >= from).sort((a, b) => unix(a.updated_at) - unix(b.updated_at) || a.id - b.id);
    const out = rows.slice(offset, offset + perPage);
    const after = Buffer.from(JSON.stringify({ from, offset: offset + out.length })).toString('base64url');
    return json(200, {
      tickets: out,
      after_cursor: after,
      after_url: `${base.url}/api/v2/incremental/tickets/cursor.json?cursor=${after}${url.searchParams.get('per_page') ? `&per_page=${perPage}` : ''}`,
      before_cursor: null,
      before_url: null,
      end_of_stream: offset + out.length >= rows.length,
    });
  };

  const handler = (req: IncomingMessage, url: URL, body: string) => {
    if (!url.pathname.startsWith('/api/v2/')) return json(404, { error: 'InvalidEndpoint', description: 'Not found' });
    if (req.headers.authorization !== expected) return json(401, { error: "Couldn't authenticate you" });
    const path = url.pathname.slice('/api/v2'.length);
    if (req.method === 'GET' && path === '/users/me.json') return json(200, { user: { id: 5102, name: 'Gus Agent', email: credentials.email, role: 'admin' } });
    if (req.method === 'GET' && path === '/incremental/organizations.json') return timeBased('organizations', url);
    if (req.method === 'GET' && path === '/incremental/users.json') return timeBased('users', url);
    if (req.method === 'GET' && path === '/incremental/tickets/cursor.json') return ticketCursor(url);
    if (req.method === 'POST' && path === '/tickets.json') {
      const input = (JSON.parse(body || '{}') as { ticket?: Record<string, unknown> }).ticket ?? {};
      const comment = input.comment as { body?: string; public?: boolean } | undefined;
      if (!comment?.body) return json(422, { error: 'RecordInvalid', description: 'Record validation errors', details: { description: [{ description: 'Description: cannot be blank', error: 'BlankValue' }] } });
      const orgId = typeof input.organization_id === 'number' ? input.organization_id : null;
      if (orgId !== null && !state.organizations.some((o) => o.id === orgId)) return json(422, { error: 'RecordInvalid', description: 'Record validation errors', details: { organization_id: [{ description: 'Organization is invalid' }] } });
      const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
      const subject = String(input.subject ?? comment.body.slice(0, 80));
      const ticket: Rec = { id: nextTicket++, subject, raw_subject: subject, description: comment.body, status: 'new', priority: input.priority ?? null, organization_id: orgId, requester_id: 5102, created_at: now, updated_at: now };
      state.tickets.push(ticket);
      state.comments.push({ ticketId: ticket.id, body: comment.body, public: comment.public !== false });
      return json(201, { ticket, audit: { id: Date.now(), ticket_id: ticket.id, events: [] } });
    }
    const update = path.match(/^\/tickets\/(\d+)\.json$/);
    if (req.method === 'PUT' && update) {
      const ticket = state.tickets.find((t) => t.id === Number(update[1]));
      if (!ticket) return json(404, { error: 'RecordNotFound', description: 'Not found' });
      const input = (JSON.parse(body || '{}') as { ticket?: Record<string, unknown> }).ticket ?? {};
      const comment = input.comment as { body?: string; public?: boolean } | undefined;
      if (comment?.body) state.comments.push({ ticketId: ticket.id, body: comment.body, public: comment.public !== false });
      if (typeof input.status === 'string') ticket.status = input.status;
      ticket.updated_at = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
      return json(200, { ticket, audit: { id: Date.now(), ticket_id: ticket.id, events: [] } });
    }
    return json(404, { error: 'InvalidEndpoint', description: `No route ${req.method} ${path}` });
  };

  const base = await startJsonSandbox(handler, { ...opts, isApi: (p) => p.startsWith('/api/v2/') });
  return {
    ...base,
    credentials,
    state,
    touch(kind, id, changes) {
      const r = state[kind].find((x) => x.id === id);
      if (!r) throw new Error(`no ${kind} ${id}`);
      Object.assign(r, changes, { updated_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') });
    },
  };
}
