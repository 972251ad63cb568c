import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from './helpers/test';
import { generateSync } from 'otplib';
import { adminToken, seedPartnerAdmin } from './helpers/seed';

const PASSWORD = 'Posture-Admin-Pass-9!';

test('a partner admin reads the management-posture report, drills into a product and exports CSV', async ({ page, request }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Posture MSP ${tag}`, PASSWORD);
  const auth = { authorization: `Bearer ${await adminToken(request, admin, PASSWORD)}` };

  // Two enrolled devices: one reports TeamViewer running, the other never reports posture.
  const org = await request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Contoso ${tag}` } });
  expect(org.status()).toBe(201);
  const key = await request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId: (await org.json()).id, name: 'rollout', issueEnrollmentSecret: true } });
  expect(key.status()).toBe(201);
  const { key: enrollmentKey, enrollmentSecret } = await key.json();
  const agents = [];
  for (const hostname of [`legacy-${tag}`, `quiet-${tag}`]) {
    const res = await request.post('/api/v1/agents/enroll', {
      data: { enrollmentKey, enrollmentSecret, hostname, osType: 'linux', osVersion: 'Debian 12', architecture: 'amd64', agentVersion: '1.0.0' },
    });
    expect(res.status()).toBe(201);
    agents.push(await res.json());
  }
  const inv = await request.put(`/api/v1/agents/${agents[0].agentId}/inventory`, {
    headers: { authorization: `Bearer ${agents[0].authToken}` },
    data: { software: [{ name: 'teamviewer', version: '15.48' }], managementPosture: { products: [{ product: 'teamviewer', status: 'active', version: '15.48', evidence: [{ kind: 'service', value: 'teamviewerd' }] }] } },
  });
  expect(inv.status()).toBe(200);

  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // adminToken above spent this time step's code (codes are single use): use the next step's,
  // which the server's tolerance accepts.
  await page.getByLabel('Authentication code').fill(generateSync({ secret: admin.mfaSecret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Management posture' }).click();

  await expect(page.getByRole('heading', { name: 'Management posture' })).toBeVisible();
  const totals = page.getByTestId('posture-totals');
  await expect(totals.getByRole('button', { name: /Never scanned/ })).toContainText('1');
  await expect(page.getByRole('cell', { name: `Contoso ${tag}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Running' })).toBeVisible();

  const [summaryCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export summary CSV' }).click()]);
  const summary = readFileSync((await summaryCsv.path())!, 'utf8');
  expect(summary).toContain('organization,orgId,product,productSlug,status,deviceCount');
  expect(summary).toContain(`Contoso ${tag}`);
  expect(summary).toContain('TeamViewer,teamviewer,active,1');

  await page.getByRole('button', { name: 'TeamViewer' }).click();
  const devices = page.getByRole('region', { name: 'Devices' });
  await expect(devices.getByRole('cell', { name: `legacy-${tag}` })).toBeVisible();
  await expect(devices.getByRole('cell', { name: `quiet-${tag}` })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/artifacts/management-posture.png', fullPage: true });
  const [devicesCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export devices CSV' }).click()]);
  const csv = readFileSync((await devicesCsv.path())!, 'utf8');
  expect(csv.split('\r\n')[1]).toMatch(new RegExp(`^legacy-${tag},.*,TeamViewer,teamviewer,active,15\\.48$`));

  await totals.getByRole('button', { name: /Never scanned/ }).click();
  await expect(devices.getByRole('cell', { name: `quiet-${tag}` })).toBeVisible();
});
