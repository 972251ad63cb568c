// The fleet lists: filters live in the URL (a bookmark restores them), the device list shows
// site and open alerts and acts on a selection (tag, add to group, reboot) with progress, the
// alerts inbox acknowledges in bulk and opens a linked ticket, the device list pages 200 at a
// time, and no list page scrolls sideways on a phone.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Lists-Pass-7!';

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A partner with an organization, a site, a static group, three named devices (two on the site) and 205 more. */
async function seedFleet(page: Page, tag: string) {
  const admin = await seedPartnerAdmin(tag, `Lists MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  const headers = { authorization: `Bearer ${token}` };
  const org = await page.request.post('/api/v1/orgs/organizations', { headers, data: { name: `Northwind ${tag}` } });
  expect(org.status(), await org.text()).toBe(201);
  const orgId = (await org.json()).id as string;
  const site = await page.request.post('/api/v1/orgs/sites', { headers, data: { orgId, name: `Harbour office ${tag}` } });
  expect(site.status(), await site.text()).toBe(201);
  const siteId = (await site.json()).id as string;
  const group = await page.request.post('/api/v1/groups', { headers, data: { name: `Front desk ${tag}`, orgId, type: 'static' } });
  expect(group.status(), await group.text()).toBe(201);
  const partnerId = admin.partnerId;
  const devices = await sql<{ id: string; hostname: string }>(
    `insert into devices (id, partner_id, org_id, site_id, hostname, os_type, status, tags, updated_at)
     select gen_random_uuid(), $1, $2, s.site, s.host, 'windows', 'online', '{}', now()
     from (values ($3::uuid, 'alpha-${tag}'), ($3::uuid, 'bravo-${tag}'), (null::uuid, 'charlie-${tag}')) as s(site, host)
     returning id, hostname`,
    [partnerId, orgId, siteId],
  );
  await sql(
    `insert into devices (id, partner_id, org_id, hostname, os_type, status, tags, updated_at)
     select gen_random_uuid(), $1, $2, 'zz-bulk-' || lpad(n::text, 3, '0'), 'linux', 'offline', '{}', now() from generate_series(1, 205) n`,
    [partnerId, orgId],
  );
  const byName = Object.fromEntries(devices.map((d) => [d.hostname.split('-')[0], d.id]));
  // Open alerts on alpha (a critical and a medium one); a resolved one on bravo does not count.
  await sql(
    `insert into alerts (id, partner_id, org_id, device_id, open_key, status, severity, title, message, source, triggered_at, updated_at, resolved_at)
     values (gen_random_uuid(), $1, $2, $3, 'e2e:' || gen_random_uuid(), 'active', 'critical', 'Disk full on alpha ${tag}', 'C: has 1% free', 'rule', now(), now(), null),
            (gen_random_uuid(), $1, $2, $3, 'e2e:' || gen_random_uuid(), 'active', 'medium', 'CPU high on alpha ${tag}', 'CPU at 91%', 'rule', now() - interval '1 minute', now(), null),
            (gen_random_uuid(), $1, $2, $4, null, 'resolved', 'high', 'Old alert on bravo ${tag}', 'gone', 'rule', now() - interval '1 hour', now(), now())`,
    [partnerId, orgId, byName.alpha, byName.bravo],
  );
  return { headers, orgId, siteId, groupId: (await group.json()).id as string, ids: byName };
}

test('fleet lists: URL filters, site and alerts columns, bulk actions, tickets from alerts, page size, phone width', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = randomBytes(4).toString('hex');
  const fleet = await seedFleet(page, tag);

  // Filters go into the URL; a bookmarked URL restores them.
  await page.goto('/devices');
  const filters = page.getByRole('search', { name: 'Filter devices' });
  await filters.getByLabel('Status').selectOption('online');
  await expect(page).toHaveURL(/[?&]status=online/);
  await filters.getByLabel('Search hostname').fill(`alpha-${tag}`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=alpha-${tag}`));
  const rows = page.getByTestId('device-rows').getByRole('row');
  await expect(rows).toHaveCount(1);
  const bookmark = page.url();
  await page.goto('/devices');
  await expect(filters.getByLabel('Status')).toHaveValue('');
  await page.goto(bookmark);
  await expect(filters.getByLabel('Status')).toHaveValue('online');
  await expect(filters.getByLabel('Search hostname')).toHaveValue(`alpha-${tag}`);
  await expect(rows).toHaveCount(1);
  // Back returns to the unfiltered list; defaults are not written.
  await filters.getByLabel('Status').selectOption('');
  await expect(page).not.toHaveURL(/status=/);
  await page.goBack();
  await expect(filters.getByLabel('Status')).toHaveValue('online');

  // The filter selects sit beside each other on a wide screen, not one per line.
  await page.setViewportSize({ width: 1280, height: 800 });
  const statusBox = await filters.getByLabel('Status').boundingBox();
  const osBox = await filters.getByLabel('Operating system').boundingBox();
  expect(Math.abs(statusBox!.y - osBox!.y)).toBeLessThan(4);
  expect(statusBox!.width).toBeLessThan(400);

  // Site and open-alert columns.
  await page.goto(`/devices?q=${tag}`);
  await expect(rows).toHaveCount(3);
  const alpha = rows.filter({ hasText: `alpha-${tag}` });
  await expect(alpha).toContainText(`Harbour office ${tag}`);
  await expect(alpha.getByTestId('device-alert-count')).toHaveText(/2/);
  await expect(alpha.getByTestId('device-alert-count')).toHaveAttribute('aria-label', '2 open alerts, highest critical');
  await expect(rows.filter({ hasText: `charlie-${tag}` })).toContainText('—');
  // The row menu leads to the device's alerts.
  await alpha.getByRole('button', { name: `Actions for alpha-${tag}` }).click();
  await page.getByRole('link', { name: 'Open alerts for this device' }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts\\?device=${fleet.ids.alpha}`));
  await expect(page.getByTestId('alert-row')).toHaveCount(2);

  // Bulk: tag, add to group, reboot (confirmed), each with progress.
  await page.goto(`/devices?q=${tag}`);
  await expect(rows).toHaveCount(3);
  await page.getByRole('checkbox', { name: `Select alpha-${tag}` }).check();
  await page.getByRole('checkbox', { name: `Select bravo-${tag}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 selected');

  await bar.getByRole('button', { name: 'Tag…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tag', { exact: true }).fill(`vip-${tag}`);
  await dialog.getByRole('button', { name: 'Tag 2 devices' }).click();
  await expect(dialog.getByTestId('bulk-progress')).toContainText('2 of 2 done · 2 tagged');
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const tagged = await sql<{ n: number }>(`select count(*)::int as n from devices where $1 = any(tags)`, [`vip-${tag}`]);
  expect(tagged[0].n).toBe(2);

  await bar.getByRole('button', { name: 'Add to group…' }).click();
  await dialog.getByLabel('Static group').selectOption({ label: `Front desk ${tag}` });
  await dialog.getByRole('button', { name: 'Add 2 devices' }).click();
  await expect(dialog.getByTestId('bulk-progress')).toContainText('2 of 2 done · 2 added');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const members = await page.request.get(`/api/v1/groups/${fleet.groupId}/devices`, { headers: fleet.headers });
  expect((await members.json()).pagination.total).toBe(2);

  await bar.getByRole('button', { name: 'Reboot…' }).click();
  await expect(dialog).toContainText('Reboot 2 devices now?');
  await dialog.getByRole('button', { name: 'Reboot 2 devices' }).click();
  await expect(dialog.getByTestId('bulk-progress')).toContainText('2 queued');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const reboots = await sql<{ n: number }>(`select count(*)::int as n from device_commands where device_id = any($1::uuid[]) and type = 'reboot'`, [[fleet.ids.alpha, fleet.ids.bravo]]);
  expect(reboots[0].n).toBe(2);

  // Alerts: bulk acknowledge, then a ticket from an alert, linked to it.
  await page.goto(`/alerts?device=${fleet.ids.alpha}`);
  const alertRows = page.getByTestId('alert-row');
  await expect(alertRows).toHaveCount(2);
  await page.getByLabel('Select all on this page').check();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Acknowledge selected' }).click();
  await expect(page.getByTestId('alert-notice')).toContainText('2 acknowledged');
  await expect(alertRows.filter({ hasText: 'acknowledged' })).toHaveCount(2);
  const disk = alertRows.filter({ hasText: `Disk full on alpha ${tag}` });
  await disk.getByRole('button', { name: `Create ticket from Disk full on alpha ${tag}` }).click();
  await expect(page.getByTestId('alert-notice')).toContainText('opened');
  await page.getByTestId('alert-notice').getByRole('link', { name: /Open ticket #/ }).click();
  await expect(page.getByText(`[critical] Disk full on alpha ${tag}`).first()).toBeVisible();
  const linked = await sql<{ n: number }>(`select count(*)::int as n from tickets t join alerts a on a.id = t.alert_id where a.title = $1 and t.device_id = $2`, [`Disk full on alpha ${tag}`, fleet.ids.alpha]);
  expect(linked[0].n).toBe(1);

  // Page size 200 on the device list.
  await page.goto('/devices');
  await page.getByLabel('Rows per page').selectOption('200');
  await expect(page).toHaveURL(/[?&]limit=200/);
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText('1–200 of 208');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('201–208 of 208');

  // At phone width no list page scrolls sideways: wide tables scroll inside their own frame.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/devices', '/alerts', '/tickets', '/billing/quotes']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  }
  await page.goto('/devices');
  await page.screenshot({ path: 'e2e/artifacts/console-lists-phone.png', fullPage: true });
});
