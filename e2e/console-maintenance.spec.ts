import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Maintenance-Pass-7!';

test('a technician puts a device in maintenance, sees it active with its badge while its alerts stay quiet, then ends it', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Maintenance MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Northwind ${tag}` } });
  expect(org.status()).toBe(201);
  const orgId = (await org.json()).id as string;
  const key = await page.request.post('/api/v1/enrollment-keys', { headers: auth, data: { orgId, name: 'maintenance' } });
  const hostname = `db-${tag}`;
  const enrolled = await page.request.post('/api/v1/agents/enroll', {
    data: { enrollmentKey: (await key.json()).key, hostname, osType: 'linux', osVersion: 'Debian 12', architecture: 'amd64', agentVersion: '1.0.0' },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const agent = (await enrolled.json()) as { agentId: string; deviceId: string; authToken: string };
  const rule = await page.request.post('/api/v1/alerts/rules', {
    headers: auth,
    data: { name: `CPU watch ${tag}`, orgId, severity: 'high', condition: { type: 'metric', metric: 'cpu', operator: 'gte', threshold: 1, consecutiveBeats: 1 } },
  });
  expect(rule.status()).toBe(201);

  // Create the window in the dialog, targeting the device picked by search.
  await page.goto('/maintenance');
  await expect(page.getByText('No device is in maintenance right now.')).toBeVisible();
  await page.getByRole('button', { name: 'New window' }).click();
  const form = page.getByRole('form', { name: 'New maintenance window' });
  await form.getByLabel('Name', { exact: true }).fill(`DB upgrade ${tag}`);
  await form.getByLabel('Organization', { exact: true }).selectOption(orgId);
  await form.getByLabel('Devices', { exact: true }).fill(hostname);
  await form.getByRole('button', { name: `Add ${hostname}` }).click();
  await expect(form.getByRole('list', { name: 'Selected devices' })).toContainText(hostname);
  await form.getByLabel('Duration (minutes)').fill('120');
  await form.getByRole('button', { name: 'Create window' }).click();

  // The window's page: its occurrence is scheduled (it starts at the next five minutes); start it now.
  await expect(page.getByRole('heading', { name: `DB upgrade ${tag}` })).toBeVisible();
  const occurrences = page.getByRole('table', { name: 'Occurrences' });
  await expect(occurrences).toContainText('scheduled');
  await occurrences.getByRole('button', { name: 'Start now' }).click();
  await expect(occurrences).toContainText('active');
  const covered = page.getByRole('list', { name: 'Devices in this window now' });
  await expect(covered).toContainText(hostname);
  await expect(covered.getByText('In maintenance')).toBeVisible();

  // A breaching heartbeat now raises its alert straight into suppressed.
  const beat = await page.request.post(`/api/v1/agents/${agent.agentId}/heartbeat`, { headers: { authorization: `Bearer ${agent.authToken}` }, data: { metrics: { cpuPercent: 97, memoryPercent: 40 } } });
  expect(beat.ok()).toBe(true);
  const alerts = await page.request.get('/api/v1/alerts', { headers: auth, params: { deviceId: agent.deviceId } });
  expect((await alerts.json()).data.map((a: { status: string }) => a.status)).toEqual(['suppressed']);

  // The overview lists the device as in maintenance, with its badge.
  await page.getByRole('link', { name: '← Maintenance' }).click();
  const now = page.getByRole('table', { name: 'Devices in maintenance now' });
  await expect(now.getByRole('row').filter({ hasText: hostname })).toContainText('In maintenance');
  await expect(page.getByRole('table', { name: 'Maintenance windows' })).toContainText(`DB upgrade ${tag}`);
  await page.screenshot({ path: 'e2e/artifacts/console-maintenance-active.png', fullPage: true });

  // End it: the device leaves maintenance.
  await now.getByRole('link', { name: `DB upgrade ${tag}` }).click();
  await page.getByRole('table', { name: 'Occurrences' }).getByRole('button', { name: 'End now' }).click();
  await expect(page.getByRole('table', { name: 'Occurrences' })).toContainText('completed');
  await expect(page.getByText('Not in progress.')).toBeVisible();
  await page.goto('/maintenance');
  await expect(page.getByText('No device is in maintenance right now.')).toBeVisible();
});

test('a technician schedules patch nights on the second Tuesday with a custom rule, after fixing a typo the form points at', async ({ page, networkLog }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Rule MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: { authorization: `Bearer ${token}` }, data: { name: `Contoso ${tag}` } });
  const orgId = (await org.json()).id as string;

  await page.goto('/maintenance');
  await page.getByRole('button', { name: 'New window' }).click();
  const form = page.getByRole('form', { name: 'New maintenance window' });
  await form.getByLabel('Name', { exact: true }).fill(`Patch Tuesday ${tag}`);
  await form.getByLabel('Organization', { exact: true }).selectOption(orgId);
  await form.getByLabel('Every device of the organization').check();
  await form.getByLabel('Repeats').selectOption('rrule');
  await form.getByLabel('Time zone').fill('Europe/Berlin');
  await form.getByLabel('Rule').fill('FREQ=MONTHLY;BYDAY=TUE;BYSETPOS=2');
  // The typo is meant to be refused.
  networkLog.allow(/POST \S+\/api\/v1\/maintenance\/windows → 400/);
  await form.getByRole('button', { name: 'Create window' }).click();
  await expect(form.getByText(/BYDAY=TUE is not valid/)).toBeVisible();

  await form.getByLabel('Rule').fill('FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2');
  await form.getByRole('button', { name: 'Create window' }).click();
  await expect(page.getByRole('heading', { name: `Patch Tuesday ${tag}` })).toBeVisible();
  await expect(page.getByText(/FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2 at .* \(Europe\/Berlin\)/)).toBeVisible();
  const rows = page.getByRole('table', { name: 'Occurrences' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('scheduled');
});

test('the calendar shows a window’s occurrences by month, opens the window, and is a list on a phone', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Calendar MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Fabrikam ${tag}` } });
  const orgId = (await org.json()).id as string;
  // Daily at noon from tomorrow: next month has occurrences too.
  const start = new Date();
  start.setDate(start.getDate() + 1);
  start.setHours(12, 0, 0, 0);
  const created = await page.request.post('/api/v1/maintenance/windows', {
    headers: auth,
    data: { name: `Nightly ${tag}`, orgId, targets: { orgIds: [orgId] }, startsAt: start.toISOString(), durationMinutes: 60, recurrence: 'daily', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
  });
  expect(created.status(), await created.text()).toBe(201);
  const windowId = (await created.json()).id as string;

  await page.goto('/maintenance');
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/view=calendar/);
  // The calendar opens on this month (its six weeks always show tomorrow); the month after it is
  // not start's month + 1 on a month's last day, when tomorrow is already in the next month.
  const today = new Date();
  const next = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  const nextKey = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}`;
  const grid = page.getByRole('table', { name: /Maintenance calendar, / });
  const serious = async () => (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  await expect(grid.getByRole('link', { name: new RegExp(`Nightly ${tag}`) }).first()).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.evaluate(() => localStorage.setItem('rmm-theme', 'dark'));
  await page.reload();
  await expect(grid.getByRole('link', { name: new RegExp(`Nightly ${tag}`) }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  expect(await serious()).toEqual([]);
  await page.evaluate(() => localStorage.setItem('rmm-theme', 'light'));

  // Keyboard: the next month button, then the month is in the URL and its occurrences shown.
  await page.getByRole('button', { name: 'Next month' }).focus();
  await page.keyboard.press('Enter');
  const nextGrid = page.getByRole('table', { name: /Maintenance calendar, / });
  await expect(nextGrid.getByRole('link', { name: new RegExp(`Nightly ${tag}`) }).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`month=${nextKey}`));
  await nextGrid.getByRole('link', { name: new RegExp(`Nightly ${tag}`) }).first().click();
  await expect(page).toHaveURL(new RegExp(`/maintenance/${windowId}$`));

  // A phone: the agenda instead of the grid, without sideways scrolling. The agenda lists its
  // month's own days only, so it opens on the month after this one, which always has occurrences.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/maintenance?view=calendar&month=${nextKey}`);
  await expect(page.getByRole('region', { name: /Maintenance agenda, / }).getByRole('link', { name: new RegExp(`Nightly ${tag}`) }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: /Maintenance calendar/ })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
