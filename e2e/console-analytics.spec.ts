import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { generateSecret } from 'otplib';
import { expect, test } from './helpers/test';
import { adminToken, seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { hashPassword } from '@/lib/auth/passwords';
import { encryptSecret } from '@/lib/auth/secrets';

const PASSWORD = 'Console-Analytics-Pass-5!';

/** A Technician of the partner (MFA-enrolled), and a few alerts of the organization over the last days. */
async function seedTechnicianAndAlerts(tag: string, partnerId: string, orgId: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const role = await client.query<{ id: string }>(`select id from roles where partner_id = $1 and name = 'Technician'`, [partnerId]);
    const mfaSecret = generateSecret();
    const email = `tech-${tag}@e2e.test`;
    const user = await client.query<{ id: string }>(
      `insert into users (id, email, name, password_hash, mfa_enabled, mfa_secret, updated_at) values (gen_random_uuid(), $1, 'Tara Tech', $2, true, $3, now()) returning id`,
      [email, await hashPassword(PASSWORD), encryptSecret(mfaSecret)],
    );
    await client.query(`insert into partner_users (id, partner_id, user_id, role_id, org_access, updated_at) values (gen_random_uuid(), $1, $2, $3, 'all', now())`, [partnerId, user.rows[0].id, role.rows[0].id]);
    const alerts: [string, number][] = [
      ['critical', 1],
      ['high', 1],
      ['high', 2],
      ['low', 3],
    ];
    for (const [severity, daysAgo] of alerts) {
      await client.query(
        `insert into alerts (id, partner_id, org_id, status, severity, title, message, source, triggered_at, updated_at)
         values (gen_random_uuid(), $1, $2, 'active', $3::"AlertSeverity", $4, 'seeded', 'rule', now() - make_interval(days => $5::int), now())`,
        [partnerId, orgId, severity, `${severity} ${tag}`, daysAgo],
      );
    }
    return { email, mfaSecret };
  } finally {
    await client.end();
  }
}

test('a technician builds a dashboard with an alerts chart and opens capacity', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Analytics MSP ${tag}`, PASSWORD);
  const auth = { authorization: `Bearer ${await adminToken(page.request, admin, PASSWORD)}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Contoso ${tag}` } });
  expect(org.status(), await org.text()).toBe(201);
  const orgId = (await org.json()).id as string;
  // One device whose heartbeat records disk and memory use, so capacity has a row.
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId, name: 'analytics' } });
  const hostname = `fileserver-${tag}`;
  const enrolled = await page.request.post('/api/v1/agents/enroll', {
    data: { enrollmentKey: (await key.json()).key, hostname, osType: 'linux', osVersion: 'Debian 12', architecture: 'amd64', agentVersion: '1.0.0' },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const agent = await enrolled.json();
  const beat = await page.request.post(`/api/v1/agents/${agent.agentId}/heartbeat`, {
    headers: { authorization: `Bearer ${agent.authToken}` },
    data: { metrics: { cpuPercent: 12, memoryPercent: 48, diskPercent: 81 } },
  });
  expect(beat.status(), await beat.text()).toBe(200);
  const tech = await seedTechnicianAndAlerts(tag, admin.partnerId, orgId);

  await signInConsole(page, tech, PASSWORD);
  await page.goto('/');
  const main = page.getByRole('navigation', { name: 'Main' });
  const section = main.getByRole('button', { name: 'Analytics' });
  if ((await section.getAttribute('aria-expanded')) === 'false') await section.click();
  await main.getByRole('link', { name: 'Dashboards' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

  // A new dashboard opens on its own page, empty.
  await page.getByRole('button', { name: 'New dashboard' }).first().click();
  const create = page.getByRole('dialog', { name: 'New dashboard' });
  await create.getByLabel('Name').fill(`Operations ${tag}`);
  await create.getByRole('button', { name: 'Create dashboard' }).click();
  await expect(page).toHaveURL(/\/analytics\/dashboards\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Operations ${tag}`, level: 1 })).toBeVisible();
  await expect(page.getByText('No widgets yet')).toBeVisible();

  // The builder: alerts counted by severity per day over the last week, as a bar chart.
  await page.getByRole('button', { name: 'Add widget' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add widget' });
  await dialog.getByLabel('Title').fill('Alerts by severity');
  await dialog.getByLabel('Source').selectOption('alerts');
  await dialog.getByLabel('Measure').selectOption('count');
  await dialog.getByLabel('Group by').selectOption('severity');
  await dialog.getByLabel('Then by').selectOption('time');
  await dialog.getByLabel('Bucket').selectOption('day');
  await dialog.getByLabel('Range').selectOption('7d');
  await dialog.getByLabel('Chart').selectOption('bar');
  await expect(dialog.getByRole('img', { name: 'Alerts by severity' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add widget' }).click();
  await expect(dialog).toBeHidden();

  const widget = page.getByRole('region', { name: 'Alerts by severity' });
  await expect(widget.getByRole('img', { name: 'Alerts by severity' })).toBeVisible();
  // The chart's data table: one series per severity seeded.
  for (const severity of ['critical', 'high', 'low']) await expect(widget.getByRole('columnheader', { name: severity, includeHidden: true })).toHaveCount(1);

  // The dashboard keeps its widget over a reload and is listed with it.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Alerts by severity' }).getByRole('img', { name: 'Alerts by severity' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Analytics sections' }).getByRole('link', { name: 'Dashboards' }).click();
  const row = page.getByRole('row', { name: new RegExp(`Operations ${tag}`) });
  await expect(row).toContainText('shared');
  await expect(row).toContainText('1');

  // Capacity lists the device with its current disk use.
  await page.getByRole('navigation', { name: 'Analytics sections' }).getByRole('link', { name: 'Capacity' }).click();
  await expect(page.getByRole('heading', { name: 'Capacity', level: 1 })).toBeVisible();
  const device = page.getByRole('row', { name: new RegExp(hostname) });
  await expect(device).toContainText('81 %');
  await expect(device).toContainText(`Contoso ${tag}`);
});
