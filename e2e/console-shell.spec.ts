import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Shell-Pass-7!';

/** A device whose agent went quiet two hours ago, straight into the database (no agent needed). */
async function seedOfflineDevice(partnerId: string, orgId: string, hostname: string): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const row = await client.query<{ id: string }>(
      `insert into devices (id, partner_id, org_id, hostname, os_type, status, last_seen_at, enrolled_at, updated_at)
       values (gen_random_uuid(), $1, $2, $3, 'linux', 'offline', now() - interval '2 hours', now() - interval '1 day', now()) returning id`,
      [partnerId, orgId, hostname],
    );
    return row.rows[0].id;
  } finally {
    await client.end();
  }
}

async function setUp(page: Page) {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Shell MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const res = await page.request.post('/api/v1/orgs/organizations', { headers: { authorization: `Bearer ${token}` }, data: { name: `Fabrikam ${tag}` } });
  expect(res.status()).toBe(201);
  const orgId = (await res.json()).id as string;
  const hostname = `shell-host-${tag}`;
  const deviceId = await seedOfflineDevice(admin.partnerId, orgId, hostname);
  return { tag, token, orgId, hostname, deviceId };
}

/** Every request that failed or answered 4xx/5xx while the page was open (link prefetches the browser cancels on navigating are not failures). */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText ?? '';
    if (error !== 'net::ERR_ABORTED') failures.push(`${r.method()} ${r.url()} ${error}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.request().method()} ${r.url()} ${r.status()}`);
  });
  return failures;
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('the settings index and breadcrumbs load without a failed request', async ({ page }) => {
  await setUp(page);
  const failures = watchFailures(page);

  await page.goto('/settings/security');
  await expect(page.getByRole('heading', { name: /Security/ }).first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Settings pages' });
  for (const name of ['My account', 'Security', 'Partner settings', 'API keys', 'Service principals', 'Custom fields', 'Agent versions', 'Canned replies']) {
    await expect(cards.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual([]);
});

test('an unknown console address shows the 404 inside the shell; the portal keeps its own', async ({ page, networkLog }) => {
  await setUp(page);
  // The two unknown addresses this journey visits answer 404 by design.
  networkLog.allow(/^GET \S+\/no-such-(console|portal)-page → 404$/);

  const res = await page.goto('/no-such-console-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

  const portal = await page.goto('/portal/no-such-portal-page');
  expect(portal?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to the portal' })).toBeVisible();
});

test('every navigation entry appears once, and sections collapse and stay so over a reload', async ({ page }) => {
  await setUp(page);

  // On a monitor page the sidebar and the Alerts tabs together name each page once.
  await page.goto('/alerts/monitors');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Alerts', exact: true })).toHaveAttribute('aria-current', 'page');
  const collapsed = main.getByRole('button', { expanded: false });
  while ((await collapsed.count()) > 0) await collapsed.first().click();
  const labels = [...(await main.getByRole('link').allInnerTexts()), ...(await page.getByRole('navigation', { name: 'Alerts sections' }).getByRole('link').allInnerTexts())].map((l) => l.trim());
  expect(labels.filter((l) => l === 'Monitors')).toHaveLength(1);
  expect(labels.length).toBeGreaterThan(25);
  expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);

  // A fresh context: on the dashboard the first section is open and the others closed.
  await page.evaluate(() => localStorage.removeItem('rmm-nav-sections'));
  await page.goto('/');
  const administer = main.getByRole('button', { name: 'Administer' });
  const operate = main.getByRole('button', { name: 'Operate' });
  await expect(operate).toHaveAttribute('aria-expanded', 'true');
  await expect(administer).toHaveAttribute('aria-expanded', 'false');
  await expect(main.getByRole('link', { name: 'Users' })).toBeHidden();

  // Keyboard: focus the section button and press Enter / Space.
  await administer.focus();
  await page.keyboard.press('Enter');
  await expect(administer).toHaveAttribute('aria-expanded', 'true');
  await expect(main.getByRole('link', { name: 'Users' })).toBeVisible();
  await operate.focus();
  await page.keyboard.press('Space');
  await expect(operate).toHaveAttribute('aria-expanded', 'false');
  await expect(main.getByRole('link', { name: 'Devices', exact: true })).toBeHidden();

  await page.reload();
  await expect(main.getByRole('button', { name: 'Administer' })).toHaveAttribute('aria-expanded', 'true');
  await expect(main.getByRole('button', { name: 'Operate' })).toHaveAttribute('aria-expanded', 'false');
  await expect(main.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('the command palette opens pages and reboots a host through the command API', async ({ page }) => {
  const { token, hostname, deviceId } = await setUp(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

  // A page, found by name and opened with the keyboard.
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search and commands' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox').fill('audit');
  await expect(dialog.getByRole('option', { name: /Audit log/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/audit$/);
  await expect(dialog).toBeHidden();

  // Escape closes it.
  await page.keyboard.press('Control+k');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // "Reboot host…": pick the device by name, confirm, and the command is queued.
  await page.keyboard.press('Control+k');
  await dialog.getByRole('combobox').fill('reboot');
  await expect(dialog.getByRole('option', { name: /Reboot host/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const reboot = page.getByRole('dialog', { name: 'Reboot host' });
  const picker = reboot.getByRole('combobox', { name: 'Device to reboot' });
  await expect(picker).toBeFocused();
  await picker.fill(hostname);
  await expect(reboot.getByRole('option', { name: new RegExp(hostname) })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await reboot.getByRole('button', { name: `Reboot ${hostname}` }).click();
  await expect(reboot.getByRole('status')).toContainText(`Reboot queued for ${hostname}`);

  const commands = await page.request.get(`/api/v1/devices/${deviceId}/commands`, { headers: { authorization: `Bearer ${token}` } });
  expect(commands.status()).toBe(200);
  const queued = (await commands.json()).data as { type: string; status: string }[];
  expect(queued).toHaveLength(1);
  expect(queued[0]).toMatchObject({ type: 'reboot', status: 'pending' });
});

test('the dashboard lists what needs attention and its tiles open the filtered lists', async ({ page }) => {
  const { hostname, deviceId } = await setUp(page);
  await page.goto('/');

  const offline = page.getByTestId('attention-offline');
  await expect(offline.getByRole('link', { name: hostname })).toHaveAttribute('href', `/devices/${deviceId}`);
  await expect(page.getByTestId('devices-offline')).toHaveText('1');

  await page.getByRole('link', { name: /Devices offline/ }).click();
  await expect(page).toHaveURL(/\/devices\?status=offline$/);
  await expect(page.getByText(hostname).first()).toBeVisible();
});

test('at 390 px the top bar folds into a menu and nothing scrolls sideways', async ({ page }) => {
  const { orgId, tag } = await setUp(page);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(page.getByTestId('attention-offline')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expect(page.getByTestId('notification-bell')).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByTestId('menu-user-name')).toHaveText('Sam Support');
  await expect(menu.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(menu.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Devices', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  await page.goto('/settings');
  await expect(page.getByRole('list', { name: 'Settings pages' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto(`/organizations/${orgId}`);
  await expect(page.getByRole('heading', { name: `Fabrikam ${tag}` })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The palette's dialog fits the narrow screen.
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search and commands' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
});
