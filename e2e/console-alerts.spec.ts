import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { enrollAgent } from './helpers/agent';

const PASSWORD = 'Console-Alerts-Pass-7!';

test('an alert raised by the agent’s metrics is acknowledged in the inbox; a stale resolve explains who was first', async ({ page, networkLog }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Alerts MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Adatum ${tag}` } });
  const orgId = (await org.json()).id as string;
  // A rule any real heartbeat breaches: memory in use at or above 1 %.
  const rule = await page.request.post('/api/v1/alerts/rules', {
    headers: auth,
    data: { name: `Memory watch ${tag}`, orgId, severity: 'high', condition: { type: 'metric', metric: 'memory', operator: 'gte', threshold: 1, consecutiveBeats: 1 } },
  });
  expect(rule.status(), await rule.text()).toBe(201);
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { name: 'Alerts', orgId } });
  const agent = await enrollAgent((await key.json()).key);
  try {
    await agent.once();

    await page.goto('/alerts');
    const row = page.getByTestId('alert-row').filter({ hasText: `Memory watch ${tag}` });
    await expect(row).toBeVisible();
    await expect(row).toContainText('active');
    await row.getByRole('button', { name: /^Acknowledge/ }).click();
    await expect(page.getByTestId('alert-notice')).toContainText('acknowledged');
    await expect(row).toContainText('acknowledged');
    await page.screenshot({ path: 'e2e/artifacts/console-alert-acknowledged.png', fullPage: true });

    // Someone resolves it elsewhere while this list still shows it open.
    const list = await page.request.get('/api/v1/alerts', { headers: auth, params: { orgId } });
    const alertId = (await list.json()).data[0].id as string;
    expect((await page.request.post(`/api/v1/alerts/${alertId}/resolve`, { headers: auth, data: { note: 'fixed elsewhere' } })).status()).toBe(200);
    // Resolving an alert someone else resolved is meant to answer 409.
    networkLog.allow(/POST \S+\/api\/v1\/alerts\/[^/]+\/resolve → 409/);
    page.once('dialog', (d) => void d.accept(''));
    await row.getByRole('button', { name: /^Resolve/ }).click();
    await expect(page.getByTestId('alert-notice')).toContainText('already resolved by Sam Support');
  } finally {
    agent.cleanup();
  }
});
