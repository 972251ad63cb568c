// The sandbox distributor: a small real HTTP server implementing the cloud-marketplace API the
// service's DistributorHttpClient speaks (lib/distributor/http-client.ts), over seeded data.
// It can be told to reject, hang (time out) or perform-then-drop the response of chosen
// requests, so the service's uncertain-outcome paths run against real sockets.
//
// API (base `<url>/api/v1`, HTTP Basic auth with the configured client id and secret):
//   GET    /companies | /subscriptions | /products        ?page=0&size=50 → { content, page }
//   GET    /subscriptions/:id | /orders/:id
//   GET    /products/:id/provision-details               → { content: [field] }
//   GET    /products/:id/dependencies                    → { commitments: [rule] }
//   POST   /orders?isMock=true|false                     → 200 order | 422 { status, message, details }
//   GET    /orders?reference=&companyId=                 → { content: [order] }
//   PUT    /subscriptions/:id { quantity }               → subscription
//   DELETE /subscriptions/:id?cancelDate=YYYY-MM-DD      → subscription (status Cancelled)
// Control (no auth; bind to loopback): POST /_sandbox/faults, DELETE /_sandbox/faults,
//   GET /_sandbox/requests, POST /_sandbox/reset.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { defaultSeed, type SandboxSeed, type SandboxSubscription } from './seed-data';

export type FaultMode = 'reject' | 'timeout' | 'drop';

export interface FaultSpec {
  method?: string;
  /** Path below /api/v1, matched exactly or as a prefix when it ends with `*`. */
  path: string;
  mode: FaultMode;
  /** For `reject`: status (default 422) and body (JSON object or text). */
  status?: number;
  body?: unknown;
  /** How many matching requests the fault applies to (default 1). */
  times?: number;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** True for a real write (order placement, quantity change, cancellation) that was applied. */
  write: boolean;
  fault: FaultMode | null;
  at: string;
}

export interface SandboxOrder {
  id: string;
  companyId: string;
  reference: string | null;
  createdDate: string;
  lineItems: { lineItemNumber: number; productId: string; quantity: number; billingTerm: string; commitmentTermId: string | null; provisioningDetails: { key: string; values: string[] }[]; subscriptionId: string }[];
}

export interface SandboxOptions {
  host?: string;
  port?: number;
  clientId?: string;
  clientSecret?: string;
  seed?: SandboxSeed;
}

export interface DistributorSandbox {
  /** Base URL of the API, e.g. http://127.0.0.1:4010/api/v1 */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  state: SandboxSeed & { orders: SandboxOrder[] };
  addFault(fault: FaultSpec): void;
  /** Runs `fn` (awaited) when the next matching request arrives, before it is handled. */
  onNextRequest(match: { method?: string; path: string }, fn: () => Promise<void> | void): void;
  clearFaults(): void;
  requests(): LoggedRequest[];
  writes(): LoggedRequest[];
  reset(): void;
  close(): Promise<void>;
}

const BILLING_TERMS = new Set(['Monthly', 'Annual', '2-Year', '3-Year', 'One-Time', 'Trial', 'Activation']);

class HttpFailure extends Error {
  constructor(readonly status: number, readonly body: unknown) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

const invalid = (message: string, details: { field: string; message: string }[] = []) =>
  new HttpFailure(422, { type: 'ValidationError', status: 422, message, details });

export async function startDistributorSandbox(opts: SandboxOptions = {}): Promise<DistributorSandbox> {
  const clientId = opts.clientId ?? 'sandbox-client';
  const clientSecret = opts.clientSecret ?? 'sandbox-secret';
  const initial = opts.seed ?? defaultSeed();
  const fresh = () => ({ ...structuredClone(initial), orders: [] as SandboxOrder[] });
  const state = fresh();
  let faults: (FaultSpec & { left: number })[] = [];
  let hooks: { method?: string; path: string; fn: () => Promise<void> | void }[] = [];
  let log: LoggedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const sockets = new Set<Socket>();

  const page = <T>(items: T[], query: URLSearchParams) => {
    const size = Math.min(Math.max(Number(query.get('size') ?? 50) || 50, 1), 200);
    const number = Math.max(Number(query.get('page') ?? 0) || 0, 0);
    return {
      content: items.slice(number * size, number * size + size),
      page: { size, number, totalElements: items.length, totalPages: Math.ceil(items.length / size) },
    };
  };

  const subscriptionView = (s: SandboxSubscription) => {
    const product = state.products.find((p) => p.id === s.productId);
    return { ...s, productName: product?.name ?? null };
  };

  function findSubscription(id: string) {
    const sub = state.subscriptions.find((s) => s.id === id);
    if (!sub) throw new HttpFailure(404, { status: 404, message: 'Subscription not found' });
    return sub;
  }

  function validateOrder(body: unknown) {
    const order = (body ?? {}) as { companyId?: unknown; lineItems?: unknown; reference?: unknown };
    const company = state.companies.find((c) => c.id === order.companyId);
    if (!company) throw invalid('Unknown company', [{ field: 'companyId', message: 'No such company' }]);
    if (company.status.toLowerCase() !== 'active') throw invalid('Company is not active', [{ field: 'companyId', message: `Company status is ${company.status}` }]);
    if (!Array.isArray(order.lineItems) || order.lineItems.length === 0) throw invalid('An order needs line items', [{ field: 'lineItems', message: 'Empty' }]);
    const details: { field: string; message: string }[] = [];
    const items = order.lineItems.map((raw, index) => {
      const item = (raw ?? {}) as Record<string, unknown>;
      const at = `lineItems[${index}]`;
      const product = state.products.find((p) => p.id === item.productId && p.active);
      if (!product) details.push({ field: `${at}.productId`, message: 'Unknown or inactive product' });
      const quantity = Number(item.quantity);
      if (!Number.isFinite(quantity) || quantity <= 0) details.push({ field: `${at}.quantity`, message: 'Quantity must be positive' });
      if (typeof item.billingTerm !== 'string' || !BILLING_TERMS.has(item.billingTerm)) details.push({ field: `${at}.billingTerm`, message: 'Invalid billing term' });
      const commitmentTermId = typeof item.commitmentTermId === 'string' ? item.commitmentTermId : null;
      if (product && commitmentTermId && !product.commitments.some((c) => c.id === commitmentTermId)) details.push({ field: `${at}.commitmentTermId`, message: 'Not a commitment of this product' });
      if (product?.commitmentRequired && !commitmentTermId) details.push({ field: `${at}.commitmentTermId`, message: 'A commitment term is required' });
      const provisioningDetails = Array.isArray(item.provisioningDetails) ? (item.provisioningDetails as { key: string; values: string[] }[]) : [];
      for (const field of product?.provisionDetails ?? []) {
        const given = provisioningDetails.find((p) => p.key === field.key);
        const values = Array.isArray(given?.values) ? given.values.filter((v) => typeof v === 'string' && v.trim() !== '') : [];
        if (field.required && values.length === 0) details.push({ field: `${at}.provisioningDetails.${field.key}`, message: `${field.label} is required` });
        if (field.possibleValues.length > 0 && values.some((v) => !field.possibleValues.includes(v))) details.push({ field: `${at}.provisioningDetails.${field.key}`, message: `Allowed: ${field.possibleValues.join(', ')}` });
        if (field.valueType !== 'Multi-Value' && values.length > 1) details.push({ field: `${at}.provisioningDetails.${field.key}`, message: 'Only one value allowed' });
      }
      return { lineItemNumber: index + 1, productId: String(item.productId), quantity, billingTerm: String(item.billingTerm), commitmentTermId, provisioningDetails, subscriptionId: '' };
    });
    if (details.length > 0) throw invalid('Order validation failed', details);
    return { company, items, reference: typeof order.reference === 'string' ? order.reference : null };
  }

  /** Returns [status, body, isWrite]. */
  function handle(method: string, path: string, query: URLSearchParams, body: unknown): [number, unknown, boolean] {
    const parts = path.split('/').filter(Boolean);
    if (method === 'GET' && path === '/companies') return [200, page(state.companies, query), false];
    if (method === 'GET' && path === '/products') return [200, page(state.products.map(({ provisionDetails: _p, commitments: _c, commitmentRequired: _r, ...p }) => p), query), false];
    if (method === 'GET' && path === '/subscriptions') return [200, page(state.subscriptions.map(subscriptionView), query), false];
    if (parts[0] === 'products' && parts.length === 3 && method === 'GET') {
      const product = state.products.find((p) => p.id === parts[1]);
      if (!product) throw new HttpFailure(404, { status: 404, message: 'Product not found' });
      if (parts[2] === 'provision-details') return [200, { content: product.provisionDetails.map(({ required: _r, ...f }) => f) }, false];
      if (parts[2] === 'dependencies') return [200, { commitments: product.commitments }, false];
    }
    if (parts[0] === 'subscriptions' && parts.length === 2) {
      const sub = findSubscription(parts[1]);
      if (method === 'GET') return [200, subscriptionView(sub), false];
      if (method === 'PUT') {
        const quantity = Number((body as { quantity?: unknown })?.quantity);
        if (!Number.isFinite(quantity) || quantity < 0) throw invalid('Invalid quantity', [{ field: 'quantity', message: 'Must be a non-negative number' }]);
        if (sub.status !== 'Active') throw invalid('Subscription is not active');
        sub.quantity = quantity;
        return [200, subscriptionView(sub), true];
      }
      if (method === 'DELETE') {
        const today = new Date().toISOString().slice(0, 10);
        const cancelDate = query.get('cancelDate') ?? today;
        if (cancelDate !== today) throw invalid('Only immediate cancellation is supported', [{ field: 'cancelDate', message: 'Must be today' }]);
        if (sub.status === 'Cancelled') throw invalid('Subscription is already cancelled');
        sub.status = 'Cancelled';
        return [200, subscriptionView(sub), true];
      }
    }
    if (path === '/orders' && method === 'POST') {
      const mock = query.get('isMock') === 'true';
      const { company, items, reference } = validateOrder(body);
      const order: SandboxOrder = { id: `ord-${randomUUID()}`, companyId: company.id, reference, createdDate: new Date().toISOString(), lineItems: items };
      if (mock) return [200, { ...order, id: null, mock: true }, false];
      for (const item of items) {
        const sub: SandboxSubscription = {
          id: `sub-${randomUUID()}`,
          companyId: company.id,
          productId: item.productId,
          quantity: item.quantity,
          status: 'Active',
          billingTerm: item.billingTerm,
          commitments: item.commitmentTermId ? [{ id: item.commitmentTermId, term: item.billingTerm, startDate: new Date().toISOString().slice(0, 10), endDate: null }] : [],
          createdDate: order.createdDate,
        };
        state.subscriptions.push(sub);
        item.subscriptionId = sub.id;
      }
      state.orders.push(order);
      return [200, order, true];
    }
    if (path === '/orders' && method === 'GET') {
      const found = state.orders.filter((o) => (!query.get('reference') || o.reference === query.get('reference')) && (!query.get('companyId') || o.companyId === query.get('companyId')));
      return [200, { content: found }, false];
    }
    if (parts[0] === 'orders' && parts.length === 2 && method === 'GET') {
      const order = state.orders.find((o) => o.id === parts[1]);
      if (!order) throw new HttpFailure(404, { status: 404, message: 'Order not found' });
      return [200, order, false];
    }
    throw new HttpFailure(404, { status: 404, message: `No route ${method} ${path}` });
  }

  function takeFault(method: string, path: string) {
    const fault = faults.find((f) => f.left > 0 && (!f.method || f.method.toUpperCase() === method) && (f.path.endsWith('*') ? path.startsWith(f.path.slice(0, -1)) : f.path === path));
    if (fault) fault.left -= 1;
    return fault;
  }

  function control(method: string, path: string, body: unknown, res: ServerResponse) {
    if (method === 'POST' && path === '/_sandbox/faults') {
      api.addFault(body as FaultSpec);
      return send(res, 201, { ok: true });
    }
    if (method === 'DELETE' && path === '/_sandbox/faults') {
      api.clearFaults();
      return send(res, 200, { ok: true });
    }
    if (method === 'GET' && path === '/_sandbox/requests') return send(res, 200, { content: log });
    if (method === 'POST' && path === '/_sandbox/reset') {
      api.reset();
      return send(res, 200, { ok: true });
    }
    send(res, 404, { message: 'Unknown control route' });
  }

  const expectedAuth = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      return send(res, 400, { status: 400, message: 'Malformed JSON' });
    }
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = (req.method ?? 'GET').toUpperCase();
    if (url.pathname.startsWith('/_sandbox/')) return control(method, url.pathname, body, res);
    if (!url.pathname.startsWith('/api/v1/')) return send(res, 404, { message: 'Not found' });
    const path = url.pathname.slice('/api/v1'.length);
    if (req.headers.authorization !== expectedAuth) return send(res, 401, { status: 401, message: 'Invalid client credentials' });
    const entry: LoggedRequest = { method, path, query: Object.fromEntries(url.searchParams), body, write: false, fault: null, at: new Date().toISOString() };
    log.push(entry);
    const hook = hooks.find((h) => (!h.method || h.method.toUpperCase() === method) && (h.path.endsWith('*') ? path.startsWith(h.path.slice(0, -1)) : h.path === path));
    if (hook) {
      hooks = hooks.filter((h) => h !== hook);
      await hook.fn();
    }
    const fault = takeFault(method, path);
    entry.fault = fault?.mode ?? null;
    if (fault?.mode === 'reject') return send(res, fault.status ?? 422, fault.body ?? { status: fault.status ?? 422, message: 'Rejected by the sandbox' });
    if (fault?.mode === 'timeout') {
      hanging.add(res);
      return;
    }
    let status: number;
    let out: unknown;
    try {
      [status, out, entry.write] = handle(method, path, url.searchParams, body);
    } catch (error) {
      if (!(error instanceof HttpFailure)) throw error;
      [status, out] = [error.status, error.body];
    }
    // The write happened; the caller never learns of it.
    if (fault?.mode === 'drop') return void req.socket.destroy();
    send(res, status, out);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  const api: DistributorSandbox = {
    apiUrl: `http://${host}:${address.port}/api/v1`,
    clientId,
    clientSecret,
    state,
    addFault: (fault) => faults.push({ ...fault, left: fault.times ?? 1 }),
    onNextRequest: (match, fn) => hooks.push({ ...match, fn }),
    clearFaults: () => {
      faults = [];
    },
    requests: () => [...log],
    writes: () => log.filter((r) => r.write),
    reset: () => {
      Object.assign(state, fresh());
      faults = [];
      hooks = [];
      log = [];
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return api;
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json' });
  res.end(text);
}
