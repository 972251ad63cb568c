// Sandbox of ConnectWise PSA (Manage) REST API 3.0, the shape lib/psa/connectwise-adapter.ts
// speaks, over seeded companies, contacts and tickets.
//
// API (base `<url>/v4_6_release/apis/3.0`; HTTP Basic `<companyId>+<publicKey>:<privateKey>`
// and a `clientId` header, else 401):
//   GET  /system/info                                         → { version, isCloud, serverTimeZone }
//   GET  /company/companies | /company/contacts | /service/tickets
//        ?conditions=lastUpdated>=[ISO]&page=1&pageSize=25&orderBy=id asc  → [record] (a Link header names the next page)
//   POST /service/tickets { summary, company: { id }, initialDescription }  → 201 ticket
//   POST /service/tickets/:id/notes { text, internalAnalysisFlag }        → 201 note
//   PATCH /service/tickets/:id [{ op: "replace", path, value }]           → ticket
// Every record carries `_info.lastUpdated`; writes through `touchCompany` move it forward.
// Control (in-process): `state`, `touchCompany`, `throttle(n, seconds)` (429 + Retry-After).
import type { IncomingMessage } from 'node:http';
import { json, startJsonSandbox, type SandboxBase } from '../psa-common/http';

export interface CwRecord {
  id: number;
  _info: { lastUpdated: string; dateEntered?: string };
  [key: string]: unknown;
}

export interface ConnectWiseSandbox extends SandboxBase {
  apiUrl: string;
  credentials: { companyId: string; publicKey: string; privateKey: string; clientId: string };
  state: { companies: CwRecord[]; contacts: CwRecord[]; tickets: CwRecord[]; notes: CwRecord[] };
  touchCompany(id: number, changes: Record<string, unknown>): void;
  addCompanies(count: number, prefix?: string): void;
}

const BASE = '/v4_6_release/apis/3.0';
const MAX_PAGE_SIZE = 1000;

export function cwCompany(id: number, name: string, lastUpdated: string): CwRecord {
  return {
    id,
    identifier: name.replace(/\W+/g, '').slice(0, 25),
    name,
    status: { id: 1, name: 'Active' },
    phoneNumber: `555-01${String(id).padStart(2, '0')}`,
    website: `https://${name.replace(/\W+/g, '').toLowerCase()}.example`,
    addressLine1: `${id} Main Street`,
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    _info: { lastUpdated },
  };
}

function seed() {
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    companies: [cwCompany(250, 'Contoso Dental', at(30)), cwCompany(251, 'Fabrikam Legal', at(20)), cwCompany(252, 'Northwind Traders', at(10))],
    contacts: [
      { id: 900, firstName: 'Ana', lastName: 'Silva', company: { id: 250, identifier: 'ContosoDental', name: 'Contoso Dental' }, communicationItems: [{ type: { id: 1, name: 'Email' }, communicationType: 'Email', value: 'ana@contoso.example', defaultFlag: true }], _info: { lastUpdated: at(25) } },
      { id: 901, firstName: 'Ben', lastName: 'Okafor', company: { id: 251, identifier: 'FabrikamLegal', name: 'Fabrikam Legal' }, communicationItems: [{ type: { id: 2, name: 'Direct' }, communicationType: 'Phone', value: '555-0199', defaultFlag: true }], _info: { lastUpdated: at(15) } },
    ] as CwRecord[],
    tickets: [
      { id: 5001, summary: 'Printer offline at front desk', status: { id: 1, name: 'New' }, priority: { id: 3, name: 'Priority 3 - Normal Response' }, company: { id: 250, identifier: 'ContosoDental', name: 'Contoso Dental' }, _info: { lastUpdated: at(2), dateEntered: at(3) } },
      { id: 5002, summary: 'New starter laptop', status: { id: 2, name: 'In Progress' }, priority: { id: 4, name: 'Priority 4 - Schedule Maintenance' }, company: { id: 251, identifier: 'FabrikamLegal', name: 'Fabrikam Legal' }, _info: { lastUpdated: at(1), dateEntered: at(5) } },
    ] as CwRecord[],
    notes: [] as CwRecord[],
  };
}

function since(conditions: string | null): { at: number; inclusive: boolean } | null {
  const m = conditions?.match(/lastUpdated\s*(>=|>)\s*\[([^\]]+)\]/);
  if (!m) return null;
  return { at: Date.parse(m[2]), inclusive: m[1] === '>=' };
}

export async function startConnectWiseSandbox(opts: { host?: string; port?: number } = {}): Promise<ConnectWiseSandbox> {
  const credentials = { companyId: 'sandboxco', publicKey: 'pubKEY1234', privateKey: 'privKEY5678', clientId: '6f1c2a4e-cw-client' };
  const expected = `Basic ${Buffer.from(`${credentials.companyId}+${credentials.publicKey}:${credentials.privateKey}`).toString('base64')}`;
  const state = seed();
  let nextTicket = 6000;

  const list = (records: CwRecord[], url: URL, self: string) => {
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(url.searchParams.get('pageSize') ?? 25)));
    const cond = since(url.searchParams.get('conditions'));
    const matching = records
      .filter((r) => !cond || (cond.inclusive ? Date.parse(r._info.lastUpdated) >= cond.at : Date.parse(r._info.lastUpdated) > cond.at))
      .sort((a, b) => a.id - b.id);
    const rows = matching.slice((page - 1) * pageSize, page * pageSize);
    const headers: Record<string, string> = {};
    if (page * pageSize < matching.length) headers.link = `<${self}?page=${page + 1}&pageSize=${pageSize}>; rel="next"`;
    return json(200, rows, headers);
  };

  const handler = (req: IncomingMessage, url: URL, body: string) => {
    if (!url.pathname.startsWith(BASE)) return json(404, { code: 'NotFound', message: 'Not found' });
    if (req.headers.authorization !== expected) return json(401, { code: 'Unauthorized', message: 'Authentication failed' });
    if (req.headers.clientid !== credentials.clientId) return json(401, { code: 'Unauthorized', message: 'A valid clientId is required' });
    const path = url.pathname.slice(BASE.length);
    const self = `${sandbox.apiUrl}${path}`;
    if (req.method === 'GET' && path === '/system/info') return json(200, { version: 'v2025.1.99999', isCloud: true, serverTimeZone: 'Eastern Standard Time' });
    if (req.method === 'GET' && path === '/company/companies') return list(state.companies, url, self);
    if (req.method === 'GET' && path === '/company/contacts') return list(state.contacts, url, self);
    if (req.method === 'GET' && path === '/service/tickets') return list(state.tickets, url, self);
    if (req.method === 'POST' && path === '/service/tickets') {
      const input = JSON.parse(body || '{}') as { summary?: string; company?: { id?: number } };
      if (!input.summary) return json(400, { code: 'InvalidObject', message: 'summary is required', errors: [{ code: 'NullValue', field: 'summary' }] });
      const company = state.companies.find((c) => c.id === input.company?.id);
      const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
      const ticket: CwRecord = { id: nextTicket++, summary: input.summary, status: { id: 1, name: 'New' }, priority: { id: 3, name: 'Priority 3 - Normal Response' }, company: company ? { id: company.id, identifier: company.identifier, name: company.name } : null, _info: { lastUpdated: now, dateEntered: now } };
      state.tickets.push(ticket);
      return json(201, ticket);
    }
    const notes = path.match(/^\/service\/tickets\/(\d+)\/notes$/);
    const one = path.match(/^\/service\/tickets\/(\d+)$/);
    const ticket = state.tickets.find((t) => t.id === Number((notes ?? one)?.[1]));
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    if (req.method === 'POST' && notes) {
      if (!ticket) return json(404, { code: 'NotFound', message: 'Ticket not found' });
      const input = JSON.parse(body || '{}') as { text?: string };
      if (!input.text) return json(400, { code: 'InvalidObject', message: 'text is required' });
      const note: CwRecord = { id: nextTicket++, ticketId: ticket.id, ...input, _info: { lastUpdated: now, dateEntered: now } };
      state.notes.push(note);
      ticket._info.lastUpdated = now;
      return json(201, note);
    }
    if (req.method === 'PATCH' && one) {
      if (!ticket) return json(404, { code: 'NotFound', message: 'Ticket not found' });
      const ops = JSON.parse(body || '[]') as { op: string; path: string; value: unknown }[];
      if (!Array.isArray(ops)) return json(400, { code: 'InvalidObject', message: 'A JSON Patch array is required' });
      for (const op of ops) if (op.op === 'replace') ticket[op.path.replace(/^\//, '')] = op.value;
      if (ticket.closedFlag === true) ticket.status = { id: 6, name: 'Closed (resolved)' };
      ticket._info.lastUpdated = now;
      return json(200, ticket);
    }
    return json(404, { code: 'NotFound', message: `No route ${req.method} ${path}` });
  };

  const base = await startJsonSandbox(handler, { ...opts, isApi: (p) => p.startsWith(BASE) });
  const sandbox: ConnectWiseSandbox = {
    ...base,
    apiUrl: `${base.url}${BASE}`,
    credentials,
    state,
    touchCompany(id, changes) {
      const c = state.companies.find((x) => x.id === id);
      if (!c) throw new Error(`no company ${id}`);
      Object.assign(c, changes, { _info: { ...c._info, lastUpdated: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') } });
    },
    addCompanies(count, prefix = 'Bulk Co') {
      const start = Math.max(...state.companies.map((c) => c.id)) + 1;
      const at = new Date(Date.now() - 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      for (let i = 0; i < count; i++) state.companies.push(cwCompany(start + i, `${prefix} ${start + i}`, at));
    },
  };
  return sandbox;
}
