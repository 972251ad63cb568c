// DistributorClient over the distributor's HTTP API (the sandbox distributor in
// sandbox/distributor/server.ts implements the same API). HTTP Basic with the partner's client
// id and secret; every request has a deadline. Failures are classified for the caller: an answer
// that says no is `rejected`, and no usable answer is `uncertain` (a write may have happened).
import { env } from '@/lib/env';
import {
  DistributorError,
  type DistributorClient,
  type DistributorOrderInput,
} from './distributor-client';
import { toCommitmentRule, toCompanyRecord, toOrderRecord, toProductRecord, toProvisionField, toSubscriptionRecord } from './normalize-records';

export interface DistributorCredentials {
  clientId: string;
  clientSecret: string;
}

const PAGE_SIZE = 200;
const MAX_PAGES = 100;

export class DistributorHttpClient implements DistributorClient {
  private readonly auth: string;

  constructor(
    credentials: DistributorCredentials,
    private readonly baseUrl = env().DISTRIBUTOR_API_URL,
    private readonly timeoutMs = env().DISTRIBUTOR_TIMEOUT_MS,
  ) {
    this.auth = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
  }

  private async request(method: string, path: string, opts: { query?: Record<string, string>; body?: unknown } = {}): Promise<unknown> {
    const url = new URL(`${this.baseUrl.replace(/\/$/, '')}${path}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method,
        headers: { authorization: this.auth, accept: 'application/json', ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new DistributorError('uncertain', timedOut ? `Distributor did not answer within ${this.timeoutMs} ms` : 'Distributor could not be reached');
    }
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* the raw text is kept */
    }
    if (res.ok) {
      if (typeof body === 'string') throw new DistributorError('uncertain', 'Distributor answered with an unreadable body', res.status, text.slice(0, 1000));
      return body;
    }
    if (res.status === 401 || res.status === 403) throw new DistributorError('unauthorized', 'Distributor refused the credentials', res.status, body);
    if (res.status === 404) throw new DistributorError('not_found', 'Distributor has no such record', res.status, body);
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) throw new DistributorError('rejected', 'Distributor rejected the request', res.status, body);
    throw new DistributorError('uncertain', `Distributor answered ${res.status}`, res.status, body);
  }

  private parse<T>(what: string, fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof DistributorError) throw error;
      throw new DistributorError('uncertain', `Distributor sent an unreadable ${what}`);
    }
  }

  private async all<T>(path: string, map: (raw: unknown) => T): Promise<T[]> {
    const out: T[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = (await this.request('GET', path, { query: { page: String(page), size: String(PAGE_SIZE) } })) as {
        content?: unknown[];
        page?: { totalPages?: number };
      };
      this.parse(path, () => {
        for (const raw of body?.content ?? []) out.push(map(raw));
      });
      if (!body?.page?.totalPages || page + 1 >= body.page.totalPages) break;
    }
    return out;
  }

  listCompanies() {
    return this.all('/companies', toCompanyRecord);
  }

  listSubscriptions() {
    return this.all('/subscriptions', toSubscriptionRecord);
  }

  listProducts() {
    return this.all('/products', toProductRecord);
  }

  async getSubscription(id: string) {
    const body = await this.request('GET', `/subscriptions/${encodeURIComponent(id)}`);
    return this.parse('subscription', () => toSubscriptionRecord(body));
  }

  async getProvisionDetails(productId: string) {
    const body = (await this.request('GET', `/products/${encodeURIComponent(productId)}/provision-details`)) as { content?: unknown[] };
    return this.parse('provisioning form', () => (body?.content ?? []).map(toProvisionField));
  }

  async getDependencies(productId: string) {
    const body = (await this.request('GET', `/products/${encodeURIComponent(productId)}/dependencies`)) as { commitments?: unknown[] };
    return this.parse('commitment list', () => (body?.commitments ?? []).map(toCommitmentRule));
  }

  private orderBody(order: DistributorOrderInput) {
    return {
      companyId: order.companyId,
      reference: order.reference,
      lineItems: order.lineItems.map((l, i) => ({ lineItemNumber: i + 1, productId: l.productId, quantity: Number(l.quantity), billingTerm: l.billingTerm, commitmentTermId: l.commitmentTermId, provisioningDetails: l.provisioningDetails })),
    };
  }

  async validateOrder(order: DistributorOrderInput) {
    await this.request('POST', '/orders', { query: { isMock: 'true' }, body: this.orderBody(order) });
  }

  async placeOrder(order: DistributorOrderInput) {
    const body = await this.request('POST', '/orders', { query: { isMock: 'false' }, body: this.orderBody(order) });
    return this.parse('order', () => toOrderRecord(body));
  }

  async findOrdersByReference(reference: string) {
    const body = (await this.request('GET', '/orders', { query: { reference } })) as { content?: unknown[] };
    return this.parse('order list', () => (body?.content ?? []).map(toOrderRecord));
  }

  async getOrder(id: string) {
    const body = await this.request('GET', `/orders/${encodeURIComponent(id)}`);
    return this.parse('order', () => toOrderRecord(body));
  }

  async updateSubscriptionQuantity(id: string, quantity: string) {
    const body = await this.request('PUT', `/subscriptions/${encodeURIComponent(id)}`, { body: { quantity: Number(quantity) } });
    return this.parse('subscription', () => toSubscriptionRecord(body));
  }

  async cancelSubscription(id: string, cancelDate: string) {
    const body = await this.request('DELETE', `/subscriptions/${encodeURIComponent(id)}`, { query: { cancelDate } });
    return this.parse('subscription', () => toSubscriptionRecord(body));
  }
}
