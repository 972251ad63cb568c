// Edit forms send only what the person changed. An organization, an asset whose Site select is
// still loading and the partner settings are each edited in one field; the PATCH body the browser
// sends holds that field alone, and the API afterwards still has every untouched value, the
// select-backed ones (site, time zone, status) included. A browser in UTC is offered UTC.
import { randomBytes } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Forms-Pass-7!';

test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'UTC' });

/** The next PATCH the page sends to `path` (under /api/v1). */
function nextPatch(page: Page, path: string): Promise<Request> {
  return page.waitForRequest((r) => r.method() === 'PATCH' && new URL(r.url()).pathname === `/api/v1${path}`);
}

async function setUp(page: Page, name: string) {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `${name} MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  return { tag, auth: { authorization: `Bearer ${token}` } };
}

test('organization and asset edits send one field and keep the rest, even while the site list loads', async ({ page }) => {
  const { tag, auth } = await setUp(page, 'Forms');
  const org = await (await page.request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Fabrikam ${tag}`, timezone: 'Europe/Berlin', status: 'trial' } })).json();
  const site = await (await page.request.post('/api/v1/orgs/sites', { headers: auth, data: { orgId: org.id, name: 'Head office' } })).json();
  const created = await page.request.post('/api/v1/assets', { headers: auth, data: { orgId: org.id, siteId: site.id, kind: 'device', name: `Printer ${tag}`, manufacturer: 'Brother', assetTag: `P-${tag}` } });
  expect(created.status()).toBe(201);
  const asset = await created.json();

  // Organization: nothing to save until a field changes, then only that field is sent.
  await page.goto(`/organizations/${org.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const orgForm = page.getByRole('form', { name: 'Edit organization' });
  await expect(orgForm.getByRole('button', { name: 'No changes' })).toBeDisabled();
  await orgForm.getByLabel('Name').fill(`Fabrikam Ltd ${tag}`);
  const orgPatch = nextPatch(page, `/orgs/organizations/${org.id}`);
  await orgForm.getByRole('button', { name: 'Save' }).click();
  expect((await orgPatch).postDataJSON()).toEqual({ name: `Fabrikam Ltd ${tag}` });
  await expect(page.getByRole('heading', { name: `Fabrikam Ltd ${tag}` })).toBeVisible();
  const orgAfter = await (await page.request.get(`/api/v1/orgs/organizations/${org.id}`, { headers: auth })).json();
  expect(orgAfter).toMatchObject({ name: `Fabrikam Ltd ${tag}`, timezone: 'Europe/Berlin', status: 'trial' });

  // Asset: the site list answers slowly. The Site select says so instead of showing "No site",
  // and a save made meanwhile leaves the asset's site alone.
  let releaseSites: () => void = () => {};
  const sitesHeld = new Promise<void>((resolve) => (releaseSites = resolve));
  const isSiteList = (url: URL) => url.pathname === '/api/v1/orgs/sites';
  await page.route(isSiteList, async (route) => {
    await sitesHeld;
    await route.continue();
  });
  await page.goto(`/assets/${asset.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const assetForm = page.getByRole('form', { name: 'Save asset' });
  const siteSelect = assetForm.getByLabel('Site');
  await expect(siteSelect).toBeDisabled();
  await expect(siteSelect.locator('option:checked')).toHaveText('Loading…');
  await expect(assetForm.getByRole('button', { name: 'No changes' })).toBeDisabled();
  await assetForm.getByLabel('Model').fill('HL-L2350DW');
  const assetPatch = nextPatch(page, `/assets/${asset.id}`);
  await assetForm.getByRole('button', { name: 'Save asset' }).click();
  expect((await assetPatch).postDataJSON()).toEqual({ model: 'HL-L2350DW' });
  await expect(page.getByRole('status').filter({ hasText: 'Asset saved' })).toBeVisible();
  // Held requests go on now, and later ones pass straight through.
  releaseSites();
  const assetAfter = await (await page.request.get(`/api/v1/assets/${asset.id}`, { headers: auth })).json();
  expect(assetAfter).toMatchObject({ model: 'HL-L2350DW', siteId: site.id, manufacturer: 'Brother', assetTag: `P-${tag}`, name: `Printer ${tag}` });

  // Once the sites are there the select shows the asset's own site.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Save asset' }).getByLabel('Site')).toHaveValue(site.id);
  await page.screenshot({ path: 'e2e/artifacts/console-forms-asset.png', fullPage: true });
});

test('partner settings offer UTC to a UTC browser and then send only the changed field', async ({ page }) => {
  const { tag, auth } = await setUp(page, 'Zones');
  const before = await (await page.request.get('/api/v1/orgs/partners/me', { headers: auth })).json();
  expect(before.settings.timezone).toBeUndefined();

  await page.goto('/settings/partner');
  const form = page.getByRole('form', { name: 'Partner settings' });
  const zone = form.getByLabel('Time zone', { exact: true });
  // The list has UTC (Chromium's Intl list does not) and a UTC browser starts there, not at Africa/Abidjan.
  await expect(zone).toHaveValue('UTC');
  await expect(zone.locator('option').first()).toHaveText('UTC');
  await expect(zone.locator('option', { hasText: /^UTC$/ })).toHaveCount(1);

  // A partner without a stored zone saves the one shown along with the edit.
  await form.getByLabel('Contact name').fill(`Casey ${tag}`);
  const first = nextPatch(page, '/orgs/partners/me');
  await form.getByRole('button', { name: 'Save settings' }).click();
  expect((await first).postDataJSON()).toEqual({ settings: { timezone: 'UTC', contact: { name: `Casey ${tag}` } } });
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  // Now stored: nothing to save until the next edit, which goes out alone.
  await expect(form.getByRole('button', { name: 'No changes' })).toBeDisabled();
  await expect(zone).toHaveValue('UTC');
  await form.getByLabel('Billing email').fill(`billing-${tag}@msp.test`);
  const second = nextPatch(page, '/orgs/partners/me');
  await form.getByRole('button', { name: 'Save settings' }).click();
  expect((await second).postDataJSON()).toEqual({ billingEmail: `billing-${tag}@msp.test` });
  await expect(form.getByRole('button', { name: 'No changes' })).toBeDisabled();

  const after = await (await page.request.get('/api/v1/orgs/partners/me', { headers: auth })).json();
  expect(after).toMatchObject({ billingEmail: `billing-${tag}@msp.test`, serviceManagementMode: before.serviceManagementMode, name: before.name });
  expect(after.settings).toMatchObject({ timezone: 'UTC', contact: { name: `Casey ${tag}` } });
  await page.screenshot({ path: 'e2e/artifacts/console-forms-partner.png', fullPage: true });
});
