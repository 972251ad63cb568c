// Line writes and their reconciliation against the real sandbox: every outcome class, and a
// dropped response reconciled by lookups alone (the sandbox sees exactly one write).
import { beforeEach, describe, expect, it } from 'vitest';
import { useDistributorSandbox } from '../helpers/distributor';
import { DistributorHttpClient } from '@/lib/distributor/http-client';
import { executeLine, reconcileLine, type ExecutableLine } from '@/lib/distributor/execute-line';

const sandbox = useDistributorSandbox();
const client = () => new DistributorHttpClient({ clientId: sandbox().clientId, clientSecret: sandbox().clientSecret });
const newSub: ExecutableLine = { reference: 'line-1', action: 'new_subscription', companyId: 'cmp-1004', productId: 'prd-backup-1tb', billingTerm: 'Monthly', quantity: '2' };
const change: ExecutableLine = { reference: 'line-2', action: 'change_quantity', companyId: 'cmp-1001', targetSubscriptionId: 'sub-2001', quantity: '30' };
const cancel: ExecutableLine = { reference: 'line-3', action: 'cancel', companyId: 'cmp-1001', targetSubscriptionId: 'sub-2002' };

beforeEach(() => sandbox().reset());

describe('executeLine', () => {
  it('succeeds for each action', async () => {
    expect(await executeLine(client(), newSub)).toMatchObject({ state: 'succeeded', distributorOrderId: expect.stringMatching(/^ord-/), subscriptionId: expect.stringMatching(/^sub-/), quantity: '2' });
    expect(await executeLine(client(), change)).toMatchObject({ state: 'succeeded', quantity: '30' });
    expect(await executeLine(client(), cancel)).toMatchObject({ state: 'succeeded', quantity: '0' });
    expect(sandbox().writes()).toHaveLength(3);
  });

  it('a definitive rejection fails the line with the distributor body', async () => {
    const outcome = await executeLine(client(), { ...newSub, productId: 'prd-m365-bp' });
    expect(outcome).toMatchObject({ state: 'failed' });
    expect(JSON.stringify(outcome)).toContain('tenantDomain');
  });

  it('timeouts and transport failures need reconciliation', async () => {
    sandbox().addFault({ method: 'PUT', path: '/subscriptions/sub-2001', mode: 'timeout' });
    expect((await executeLine(client(), change)).state).toBe('needs_reconcile');
    sandbox().addFault({ method: 'DELETE', path: '/subscriptions/sub-2002', mode: 'reject', status: 503 });
    expect((await executeLine(client(), cancel)).state).toBe('needs_reconcile');
  });
});

describe('reconcileLine', () => {
  it('resolves a dropped new-subscription response by lookup, without a second write', async () => {
    sandbox().addFault({ method: 'POST', path: '/orders', mode: 'drop' });
    expect((await executeLine(client(), newSub)).state).toBe('needs_reconcile');
    expect(sandbox().writes()).toHaveLength(1);
    expect(await reconcileLine(client(), newSub)).toMatchObject({ state: 'succeeded', distributorOrderId: sandbox().state.orders[0].id });
    expect(sandbox().writes()).toHaveLength(1);
    expect(sandbox().requests().filter((r) => r.method !== 'GET')).toHaveLength(1);
  });

  it('resolves quantity changes and cancellations from the subscription, either way', async () => {
    sandbox().addFault({ method: 'PUT', path: '/subscriptions/sub-2001', mode: 'drop' });
    await executeLine(client(), change);
    expect((await reconcileLine(client(), change)).state).toBe('succeeded');
    sandbox().addFault({ method: 'DELETE', path: '/subscriptions/sub-2002', mode: 'timeout' });
    await executeLine(client(), cancel);
    expect((await reconcileLine(client(), cancel)).state).toBe('failed');
    expect((await reconcileLine(client(), { ...newSub, reference: 'never-sent' })).state).toBe('failed');
  });

  it('stays unknown when the lookup itself fails', async () => {
    sandbox().addFault({ method: 'GET', path: '/orders', mode: 'timeout' });
    expect((await reconcileLine(client(), newSub)).state).toBe('unknown');
    sandbox().addFault({ method: 'GET', path: '/subscriptions/sub-2003', mode: 'reject', status: 500 });
    expect((await reconcileLine(client(), { ...change, targetSubscriptionId: 'sub-2003' })).state).toBe('unknown');
    expect((await reconcileLine(client(), { ...change, targetSubscriptionId: 'sub-2003' })).state).toBe('unknown');
  });
});
