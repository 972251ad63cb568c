// The HTTP client against the real sandbox server: normalised records, and every failure class
// (refused credentials, definitive rejection with the raw body, timeout, a write whose response
// is dropped after it happened).
import { beforeEach, describe, expect, it } from 'vitest';
import { useDistributorSandbox } from '../helpers/distributor';
import { DistributorHttpClient } from '@/lib/distributor/http-client';
import { DistributorError } from '@/lib/distributor/distributor-client';

const sandbox = useDistributorSandbox();
const client = () => new DistributorHttpClient({ clientId: sandbox().clientId, clientSecret: sandbox().clientSecret });
const order = { companyId: 'cmp-1004', reference: 'ref-1', lineItems: [{ productId: 'prd-backup-1tb', quantity: '2', billingTerm: 'Monthly', commitmentTermId: null, provisioningDetails: [] }] };

async function failure(p: Promise<unknown>): Promise<DistributorError> {
  const error = await p.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DistributorError);
  return error as DistributorError;
}

beforeEach(() => sandbox().reset());

describe('reads', () => {
  it('lists companies with readiness only, subscriptions with credible quantities, products', async () => {
    const companies = await client().listCompanies();
    expect(companies.map((c) => c.id)).toEqual(['cmp-1001', 'cmp-1002', 'cmp-1003', 'cmp-1004']);
    expect(companies[1]).toEqual({ id: 'cmp-1002', name: 'Fabrikam Inc', status: 'Active', primaryAdminReady: true, primaryBillingReady: true, primaryTechnicalReady: false });
    expect(JSON.stringify(companies)).not.toMatch(/@example\.test|Alice/);
    const subs = await client().listSubscriptions();
    expect(subs.find((s) => s.id === 'sub-2001')?.quantity).toBe('25');
    expect(subs.find((s) => s.id === 'sub-2003')?.quantity).toBeNull();
    const products = await client().listProducts();
    expect(products.find((p) => p.id === 'prd-legacy-mail')?.active).toBe(false);
  });

  it('reads provisioning fields without the sandbox-only requiredness, and commitment rules', async () => {
    const fields = await client().getProvisionDetails('prd-m365-bp');
    expect(fields.map((f) => f.key)).toEqual(['tenantDomain', 'autoRenew']);
    expect(fields[0]).not.toHaveProperty('required');
    expect((await client().getDependencies('prd-m365-bp')).map((c) => c.id)).toEqual(['cmt-m365-annual', 'cmt-m365-monthly']);
    expect((await failure(client().getDependencies('nope'))).kind).toBe('not_found');
  });

  it('classifies refused credentials', async () => {
    const bad = new DistributorHttpClient({ clientId: sandbox().clientId, clientSecret: 'wrong' });
    expect((await failure(bad.listCompanies())).kind).toBe('unauthorized');
  });
});

describe('writes and failures', () => {
  it('validates a mock order without writing, and returns the raw body of a rejection', async () => {
    await client().validateOrder({ ...order, lineItems: [{ ...order.lineItems[0], productId: 'prd-m365-bp' }] }).then(
      () => expect.fail('should be rejected'),
      (e: DistributorError) => {
        expect(e.kind).toBe('rejected');
        expect(e.status).toBe(422);
        expect(JSON.stringify(e.body)).toContain('commitmentTermId');
      },
    );
    await client().validateOrder(order);
    expect(sandbox().writes()).toHaveLength(0);
  });

  it('places an order and finds it by reference', async () => {
    const placed = await client().placeOrder(order);
    expect(placed.lineItems[0].subscriptionId).toMatch(/^sub-/);
    expect((await client().findOrdersByReference('ref-1')).map((o) => o.id)).toEqual([placed.id]);
    expect(sandbox().writes()).toHaveLength(1);
  });

  it('a dropped response is uncertain although the write happened: lookup finds exactly one order', async () => {
    sandbox().addFault({ method: 'POST', path: '/orders', mode: 'drop' });
    expect((await failure(client().placeOrder(order))).kind).toBe('uncertain');
    expect(sandbox().writes()).toHaveLength(1);
    expect(await client().findOrdersByReference('ref-1')).toHaveLength(1);
  });

  it('a timeout is uncertain and a scripted rejection is definitive with its raw body', async () => {
    sandbox().addFault({ method: 'PUT', path: '/subscriptions/*', mode: 'timeout' });
    expect((await failure(client().updateSubscriptionQuantity('sub-2001', '30'))).kind).toBe('uncertain');
    sandbox().addFault({ method: 'PUT', path: '/subscriptions/sub-2001', mode: 'reject', status: 409, body: 'quantity locked' });
    const rejected = await failure(client().updateSubscriptionQuantity('sub-2001', '30'));
    expect([rejected.kind, rejected.status, rejected.body]).toEqual(['rejected', 409, 'quantity locked']);
    sandbox().addFault({ method: 'GET', path: '/companies', mode: 'reject', status: 503 });
    expect((await failure(client().listCompanies())).kind).toBe('uncertain');
    expect(sandbox().writes()).toHaveLength(0);
    expect((await client().updateSubscriptionQuantity('sub-2001', '30')).quantity).toBe('30');
  });

  it('cancels only with today as the date', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await failure(client().cancelSubscription('sub-2002', '2999-01-01'))).kind).toBe('rejected');
    expect((await client().cancelSubscription('sub-2002', today)).status).toBe('Cancelled');
  });

  it('is driven over HTTP too (standalone use)', async () => {
    const base = sandbox().apiUrl.replace(/\/api\/v1$/, '');
    const res = await fetch(`${base}/_sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'GET', path: '/products', mode: 'reject', status: 400, body: { message: 'nope' } }) });
    expect(res.status).toBe(201);
    expect((await failure(client().listProducts())).body).toEqual({ message: 'nope' });
    const log = (await (await fetch(`${base}/_sandbox/requests`)).json()) as { content: { path: string; fault: string | null }[] };
    expect(log.content.at(-1)).toMatchObject({ path: '/products', fault: 'reject' });
  });
});
