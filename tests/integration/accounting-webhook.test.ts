import { createHmac } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makePartner } from '../helpers/factories';
import { pendingJobCount, runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { enqueueJob } from '@/lib/jobs/enqueue-job';

const TOKEN = 'verifier-token-0123456789';
const sign = (body: string, token = TOKEN) => createHmac('sha256', token).update(body).digest('base64');
let ipCounter = 10;
const nextIp = () => `203.0.113.${ipCounter++}`;

function post(body: string, headers: Record<string, string> = {}, ip = nextIp()) {
  return api.post('/webhooks/accounting', { rawBody: body, headers: { 'content-type': 'application/json', ...headers }, ip });
}

let partnerId: string;
beforeAll(async () => {
  partnerId = (await makePartner()).id;
  await db.accountingLink.create({ data: { partnerId, companyId: '4620816365' } });
  await db.accountingLink.create({ data: { partnerId, companyId: '9130350' } });
});
afterEach(() => {
  delete process.env.ACCOUNTING_WEBHOOK_VERIFIER_TOKEN;
  delete process.env.ACCOUNTING_WEBHOOK_RATE_LIMIT_PER_MINUTE;
  resetEnvCache();
});
const configure = (extra: Record<string, string> = {}) => {
  Object.assign(process.env, { ACCOUNTING_WEBHOOK_VERIFIER_TOKEN: TOKEN, ...extra });
  resetEnvCache();
};

const notification = JSON.stringify({ eventNotifications: [{ realmId: '4620816365', dataChangeEvent: { entities: [{ name: 'Invoice', id: '145', operation: 'Update' }] } }] });

describe('POST /webhooks/accounting', () => {
  it('answers 503 while the verifier token is not configured', async () => {
    const res = await post(notification, { 'accounting-signature': sign(notification) });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('ACCOUNTING_WEBHOOK_NOT_CONFIGURED');
  });

  it('answers 401 without a valid signature over the raw body', async () => {
    configure();
    expect((await post(notification)).status).toBe(401);
    expect((await post(notification, { 'accounting-signature': sign(notification, 'wrong-token') })).status).toBe(401);
    expect((await post(notification, { 'accounting-signature': 'bm90LWEtc2lnbmF0dXJl' })).status).toBe(401);
    // Re-serialised JSON is a different body: the signature covers bytes, not meaning.
    const reformatted = JSON.stringify(JSON.parse(notification), null, 2);
    const res = await post(reformatted, { 'accounting-signature': sign(notification) });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INVALID_SIGNATURE');
    expect(await pendingJobCount('accounting_reconcile_sweep')).toBe(0);
  });

  it('answers 400 for a correctly signed body it cannot parse', async () => {
    configure();
    for (const body of ['not json', '{"eventNotifications": []}', '[1,2]']) {
      const res = await post(body, { 'accounting-signature': sign(body) });
      expect(res.status, body).toBe(400);
    }
  });

  it('answers 202, queues one sweep per company, and the sweep runs and is recorded', async () => {
    configure();
    const res = await post(notification, { 'accounting-signature': sign(notification) });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: true, companies: ['4620816365'] });
    // A burst for the same company collapses into the one queued sweep; hex signatures work too.
    const hex = createHmac('sha256', TOKEN).update(notification).digest('hex');
    expect((await post(notification, { 'accounting-signature': hex })).status).toBe(202);
    expect(await pendingJobCount('accounting_reconcile_sweep')).toBe(1);

    await runDueJobs();
    const runs = await db.accountingSweepRun.findMany({ where: { companyId: '4620816365' } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'webhook', status: 'completed', linksExamined: 1 });
    expect(runs[0].finishedAt).toBeInstanceOf(Date);
    expect((await db.accountingLink.findFirstOrThrow({ where: { companyId: '4620816365' } })).lastSweptAt).toBeInstanceOf(Date);
    expect((await db.accountingLink.findFirstOrThrow({ where: { companyId: '9130350' } })).lastSweptAt).toBeNull();
  });

  it('the periodic sweep covers every link', async () => {
    await db.$transaction((tx) => enqueueJob(tx, 'accounting_reconcile_sweep', { trigger: 'schedule' }));
    await runDueJobs();
    const run = await db.accountingSweepRun.findFirstOrThrow({ where: { trigger: 'schedule' } });
    expect(run).toMatchObject({ companyId: null, status: 'completed', linksExamined: 2 });
  });

  it('answers 429 over the per-IP limit', async () => {
    configure({ ACCOUNTING_WEBHOOK_RATE_LIMIT_PER_MINUTE: '2' });
    const ip = nextIp();
    const headers = { 'accounting-signature': sign(notification) };
    expect((await post(notification, headers, ip)).status).toBe(202);
    expect((await post(notification, headers, ip)).status).toBe(202);
    const limited = await post(notification, headers, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(notification, headers, nextIp())).status).toBe(202);
  });

  it('answers 503 when the sweep cannot be queued, so the sender retries', async () => {
    configure();
    const signature = 'text, json, text, timestamp with time zone, integer, text, integer, text[], text';
    await db.$executeRawUnsafe(`alter function graphile_worker.add_job(${signature}) rename to add_job_offline`);
    try {
      const res = await post(notification, { 'accounting-signature': sign(notification) });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('ENQUEUE_FAILED');
    } finally {
      await db.$executeRawUnsafe(`alter function graphile_worker.add_job_offline(${signature}) rename to add_job`);
    }
  });
});
