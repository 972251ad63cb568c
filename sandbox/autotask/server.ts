// Sandbox of the Autotask PSA REST API v1.0, the shape lib/psa/autotask-adapter.ts speaks, over
// seeded companies, contacts and tickets.
//
//   GET  /atservicesrest/V1.0/zoneInformation?user=<username>
//        → { zoneName, url: "<sandbox>/ATServicesRest/", webUrl, ci } | 500 for an unknown user
// Under `/ATServicesRest/V1.0` (headers ApiIntegrationCode, UserName, Secret, else 401):
//   GET  /ThresholdInformation → { externalRequestThreshold, requestThresholdTimeframe, currentTimeframeRequestCount }
//   POST /Companies/query | /Contacts/query | /Tickets/query  { MaxRecords, filter: [{ op, field, value }] }
//        → { items, pageDetails: { count, requestCount, prevPageUrl, nextPageUrl } }
//   GET  /<Entity>/query/next?paging=…&search=…  (the nextPageUrl) → the next page
//   POST /Tickets { companyID, title, description, status, priority } → { itemId }
//   GET  /Tickets/:id → { item }
//   PATCH /Tickets { id, status } → { itemId }
//   POST /Tickets/:id/Notes { title, description, noteType, publish } → { itemId }
// Filters understood: eq, gt, gte, lt, lte on any field (dates compared as instants), and exist.
// Control (in-process): `state`, `touch(entity, id, changes)`, `throttle(n, seconds)`.
import type { IncomingMessage } from 'node:http';
import { json, startJsonSandbox, type SandboxBase } from '../psa-common/http';

type Rec = Record<string, unknown> & { id: number };
type Entity = 'Companies' | 'Contacts' | 'Tickets';
interface Filter {
  op: string;
  field: string;
  value?: unknown;
}

export interface AutotaskSandbox extends SandboxBase {
  zoneUrl: string;
  credentials: { username: string; secret: string; integrationCode: string };
  state: { Companies: Rec[]; Contacts: Rec[]; Tickets: Rec[]; notes: Rec[] };
  touch(entity: Entity, id: number, changes: Record<string, unknown>): void;
  addCompanies(count: number, prefix?: string): void;
}

const ZONE = '/ATServicesRest/V1.0';
const MODIFIED: Record<Entity, string> = { Companies: 'lastActivityDate', Contacts: 'lastModifiedDate', Tickets: 'lastActivityDate' };
const iso = (daysAgo = 0) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();

export function atCompany(id: number, companyName: string, lastActivityDate: string): Rec {
  return { id, companyName, companyNumber: `C${id}`, companyType: 1, isActive: true, phone: `555-02${String(id % 100).padStart(2, '0')}`, webAddress: `www.${companyName.replace(/\W+/g, '').toLowerCase()}.example`, address1: `${id} Harbour Road`, city: 'Portland', state: 'OR', postalCode: '97201', lastActivityDate };
}

function seed() {
  return {
    Companies: [atCompany(0, 'Sandbox MSP (owner)', iso(90)), atCompany(29683501, 'Tailspin Toys', iso(30)), atCompany(29683502, 'Wingtip Partners', iso(12))],
    Contacts: [
      { id: 30682001, companyID: 29683501, firstName: 'Dana', lastName: 'Reyes', emailAddress: 'dana@tailspin.example', phone: '555-0301', isActive: 1, lastModifiedDate: iso(20) },
      { id: 30682002, companyID: 29683502, firstName: 'Eli', lastName: 'Novak', emailAddress: 'eli@wingtip.example', phone: '', isActive: 1, lastModifiedDate: iso(6) },
    ] as Rec[],
    Tickets: [
      { id: 7330001, ticketNumber: 'T20261101.0001', title: 'Server room temperature', description: '', status: 1, priority: 1, companyID: 29683501, createDate: iso(4), lastActivityDate: iso(2) },
      { id: 7330002, ticketNumber: 'T20261101.0002', title: 'Replace toner', description: '', status: 8, priority: 3, companyID: 29683502, createDate: iso(8), lastActivityDate: iso(7) },
    ] as Rec[],
    notes: [] as Rec[],
  };
}

function matches(record: Rec, filters: Filter[]): boolean {
  return filters.every((f) => {
    const v = record[f.field];
    if (f.op === 'exist') return v !== undefined && v !== null;
    const asNum = (x: unknown) => (typeof x === 'number' ? x : typeof x === 'string' && !Number.isNaN(Date.parse(x)) && /\d{4}-\d\d-\d\d/.test(x) ? Date.parse(x) : Number(x));
    const a = asNum(v);
    const b = asNum(f.value);
    if (f.op === 'eq') return String(v) === String(f.value);
    if (f.op === 'gt') return a > b;
    if (f.op === 'gte') return a >= b;
    if (f.op === 'lt') return a < b;
    if (f.op === 'lte') return a <= b;
    throw new Error(`Unsupported filter op ${f.op}`);
  });
}

export async function startAutotaskSandbox(opts: { host?: string; port?: number } = {}): Promise<AutotaskSandbox> {
  const credentials = { username: 'rmm-api@sandboxmsp.example', secret: 'At$ecret-9481', integrationCode: 'RMMSANDBOXTRACKINGID' };
  const state = seed();
  let nextId = 7339000;
  let requestCount = 0;

  const page = (entity: Entity, filters: Filter[], pageSize: number, offset: number) => {
    const rows = state[entity].filter((r) => matches(r, filters)).sort((a, b) => a.id - b.id);
    const items = rows.slice(offset, offset + pageSize);
    const more = offset + pageSize < rows.length;
    const nextPageUrl = more ? `${sandbox.zoneUrl}V1.0/${entity}/query/next?paging=${encodeURIComponent(JSON.stringify({ pageSize, offset: offset + pageSize }))}&search=${encodeURIComponent(JSON.stringify({ filter: filters }))}` : null;
    return json(200, { items, pageDetails: { count: items.length, requestCount: pageSize, prevPageUrl: null, nextPageUrl } });
  };

  const handler = (req: IncomingMessage, url: URL, body: string) => {
    if (req.method === 'GET' && url.pathname.toLowerCase() === '/atservicesrest/v1.0/zoneinformation') {
      if (url.searchParams.get('user') !== credentials.username) return json(500, { errors: ['Zone information could not be determined'] });
      return json(200, { zoneName: 'Sandbox', url: sandbox.zoneUrl, webUrl: `${base.url}/`, ci: 0 });
    }
    if (!url.pathname.startsWith(ZONE)) return json(404, { errors: ['Not found'] });
    if (req.headers.apiintegrationcode !== credentials.integrationCode || req.headers.username !== credentials.username || req.headers.secret !== credentials.secret) return json(401, { errors: ['Unauthorized'] });
    requestCount++;
    const path = url.pathname.slice(ZONE.length);
    if (req.method === 'GET' && path === '/ThresholdInformation') return json(200, { externalRequestThreshold: 10000, requestThresholdTimeframe: 60, currentTimeframeRequestCount: requestCount });
    const query = path.match(/^\/(Companies|Contacts|Tickets)\/query$/);
    if (req.method === 'POST' && query) {
      const input = JSON.parse(body || '{}') as { MaxRecords?: number; filter?: Filter[] };
      if (!Array.isArray(input.filter) || input.filter.length === 0) return json(500, { errors: ['A query requires at least one filter'] });
      return page(query[1] as Entity, input.filter, Math.min(500, Math.max(1, input.MaxRecords ?? 500)), 0);
    }
    const next = path.match(/^\/(Companies|Contacts|Tickets)\/query\/next$/);
    if (req.method === 'GET' && next) {
      const paging = JSON.parse(url.searchParams.get('paging') ?? '{}') as { pageSize: number; offset: number };
      const search = JSON.parse(url.searchParams.get('search') ?? '{}') as { filter: Filter[] };
      return page(next[1] as Entity, search.filter, paging.pageSize, paging.offset);
    }
    if (req.method === 'POST' && path === '/Tickets') {
      const input = JSON.parse(body || '{}') as Rec;
      const missing = ['companyID', 'title', 'status', 'priority'].filter((f) => input[f] === undefined || input[f] === null || input[f] === '');
      if (missing.length) return json(500, { errors: missing.map((f) => `${f} is required`) });
      if (!state.Companies.some((c) => c.id === input.companyID)) return json(500, { errors: [`companyID ${String(input.companyID)} does not exist`] });
      const now = iso();
      const ticket: Rec = { id: nextId, ticketNumber: `T${now.slice(0, 10).replace(/-/g, '')}.${nextId}`, title: input.title, description: input.description ?? '', status: input.status, priority: input.priority, companyID: input.companyID, createDate: now, lastActivityDate: now };
      nextId++;
      state.Tickets.push(ticket);
      return json(200, { itemId: ticket.id });
    }
    if (req.method === 'PATCH' && path === '/Tickets') {
      const input = JSON.parse(body || '{}') as Rec;
      const ticket = state.Tickets.find((t) => t.id === input.id);
      if (!ticket) return json(404, { errors: [`Ticket ${String(input.id)} not found`] });
      Object.assign(ticket, input, { lastActivityDate: iso() });
      return json(200, { itemId: ticket.id });
    }
    const one = path.match(/^\/Tickets\/(\d+)$/);
    if (req.method === 'GET' && one) {
      const ticket = state.Tickets.find((t) => t.id === Number(one[1]));
      return ticket ? json(200, { item: ticket }) : json(404, { errors: ['Not found'] });
    }
    const notes = path.match(/^\/Tickets\/(\d+)\/Notes$/);
    if (req.method === 'POST' && notes) {
      const ticket = state.Tickets.find((t) => t.id === Number(notes[1]));
      if (!ticket) return json(404, { errors: ['Not found'] });
      const input = JSON.parse(body || '{}') as Rec;
      const note: Rec = { id: nextId++, ticketID: ticket.id, title: input.title, description: input.description, noteType: input.noteType, publish: input.publish, createDateTime: iso() };
      state.notes.push(note);
      ticket.lastActivityDate = iso();
      return json(200, { itemId: note.id });
    }
    return json(404, { errors: [`No route ${req.method} ${path}`] });
  };

  const base = await startJsonSandbox(handler, { ...opts, isApi: (p) => p.startsWith(ZONE) });
  const sandbox: AutotaskSandbox = {
    ...base,
    zoneUrl: `${base.url}/ATServicesRest/`,
    credentials,
    state,
    touch(entity, id, changes) {
      const r = state[entity].find((x) => x.id === id);
      if (!r) throw new Error(`no ${entity} ${id}`);
      Object.assign(r, changes, { [MODIFIED[entity]]: iso() });
    },
    addCompanies(count, prefix = 'Bulk Co') {
      const start = Math.max(...state.Companies.map((c) => c.id)) + 1;
      for (let i = 0; i < count; i++) state.Companies.push(atCompany(start + i, `${prefix} ${start + i}`, iso(1)));
    },
  };
  return sandbox;
}
