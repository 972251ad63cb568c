import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';

const PASSWORD = 'Console-Keys-Pass-7!';
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test('a partner admin creates an API key, sees it once, uses it, then revokes it; and creates and edits a service principal', async ({ page, baseURL, networkLog }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Keys MSP ${tag}`, PASSWORD);
  const token = await signInConsole(page, admin, PASSWORD);
  expect((await page.request.post('/api/v1/orgs/organizations', { headers: { authorization: `Bearer ${token}` }, data: { name: `Keyed ${tag}` } })).status()).toBe(201);
  page.on('dialog', (d) => void d.accept());

  // ——— API key ———
  await page.goto('/settings/api-keys');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create an API key' }).click();
  const form = page.getByRole('form', { name: 'New API key' });
  await form.getByLabel('Name').fill(`CI script ${tag}`);
  await form.getByLabel('orgs:read', { exact: true }).check();
  // The server's validation message lands under the field it is about.
  // The past expiry is meant to come back as a 400 with its field error.
  networkLog.allow(/POST \S+\/api\/v1\/api-keys → 400/);
  await form.getByLabel('Expires on').fill('2020-01-01');
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText('Must be in the future')).toBeVisible();
  await form.getByLabel('Expires on').fill(inDays(30));
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: `API key “CI script ${tag}” created` });
  await expect(shown.getByText('It is shown only once')).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Copy key' })).toBeVisible();
  const key = (await shown.getByTestId('one-time-secret').textContent())!.trim();
  expect(key).toMatch(/^rmm_ak_/);
  await page.screenshot({ path: 'e2e/artifacts/console-api-key-once.png' });
  await shown.getByRole('button', { name: 'I have stored the key' }).click();
  await expect(shown).toBeHidden();

  const row = page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: new RegExp(`CI script ${tag}`) });
  await expect(row).toContainText('active');
  await expect(row).toContainText('orgs:read');
  // Once closed, the secret is nowhere on the page, even after a reload.
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(key);

  const withKey = await fetch(`${baseURL}/api/v1/orgs/organizations`, { headers: { 'X-API-Key': key } });
  expect(withKey.status).toBe(200);
  expect(JSON.stringify(await withKey.json())).toContain(`Keyed ${tag}`);

  // Rotation with a grace period: the new secret is shown once, the old one keeps working for now.
  await row.getByRole('button', { name: `Rotate CI script ${tag}` }).click();
  const rotate = page.getByRole('dialog', { name: `Rotate CI script ${tag}` });
  await rotate.getByLabel('Keep the old key for 1 hour').check();
  await rotate.getByRole('button', { name: 'Rotate key' }).click();
  const rotated = page.getByRole('dialog', { name: `New secret for “CI script ${tag}”` });
  const newKey = (await rotated.getByTestId('one-time-secret').textContent())!.trim();
  expect(newKey).toMatch(/^rmm_ak_/);
  expect(newKey).not.toBe(key);
  await rotated.getByRole('button', { name: 'I have stored the key' }).click();
  await expect(row).toContainText('Old key works until');
  for (const k of [newKey, key]) expect((await fetch(`${baseURL}/api/v1/orgs/organizations`, { headers: { 'X-API-Key': k } })).status).toBe(200);

  await row.getByRole('button', { name: `Revoke CI script ${tag}` }).click();
  await expect(row).toContainText('revoked');
  for (const k of [newKey, key]) expect((await fetch(`${baseURL}/api/v1/orgs/organizations`, { headers: { 'X-API-Key': k } })).status).toBe(401);

  // ——— Service principal ———
  await page.goto('/settings/service-principals');
  await expect(page.getByText('No service principals yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create a service principal' }).click();
  const sp = page.getByRole('form', { name: 'New service principal' });
  await sp.getByLabel('Name').fill(`PSA ${tag}`);
  await sp.getByLabel('devices:read', { exact: true }).check();
  // The malformed address is meant to come back as a 400 with its field error.
  networkLog.allow(/POST \S+\/api\/v1\/service-principals → 400/);
  await sp.getByLabel('Allowed source addresses').fill('not-an-address');
  await sp.getByRole('button', { name: 'Create service principal' }).click();
  await expect(sp.getByText('Not an IPv4/IPv6 address or CIDR range')).toBeVisible();
  await sp.getByLabel('Allowed source addresses').fill('203.0.113.0/24');
  await sp.getByLabel('Expires on').fill(inDays(90));
  await sp.getByRole('button', { name: 'Create service principal' }).click();

  const spShown = page.getByRole('dialog', { name: `Service principal “PSA ${tag}” created` });
  const spKey = (await spShown.getByTestId('one-time-secret').textContent())!.trim();
  expect(spKey).toMatch(/^svc_sp_/);
  await page.screenshot({ path: 'e2e/artifacts/console-service-principal-once.png' });
  await spShown.getByRole('button', { name: 'I have stored the key' }).click();
  const spRow = page.getByRole('table', { name: 'Service principals' }).getByRole('row', { name: new RegExp(`PSA ${tag}`) });
  await expect(spRow).toContainText('203.0.113.0/24');
  // The allowlist is live: this machine's loopback address is not in it.
  const refused = await fetch(`${baseURL}/api/v1/partner-api/devices`, { headers: { 'X-API-Key': spKey } });
  expect(refused.status).toBe(403);
  expect((await refused.json()).error.code).toBe('SOURCE_IP_NOT_ALLOWED');

  await spRow.getByRole('button', { name: `Edit PSA ${tag}` }).click();
  const edit = page.getByRole('form', { name: 'Edit service principal' });
  await expect(edit.getByLabel('Name')).toHaveValue(`PSA ${tag}`);
  await edit.getByLabel('Name').fill(`PSA sync ${tag}`);
  await edit.getByLabel('Allowed source addresses').fill('127.0.0.1\n203.0.113.0/24');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const edited = page.getByRole('table', { name: 'Service principals' }).getByRole('row', { name: new RegExp(`PSA sync ${tag}`) });
  await expect(edited).toContainText('127.0.0.1');
  expect((await fetch(`${baseURL}/api/v1/partner-api/devices`, { headers: { 'X-API-Key': spKey } })).status).toBe(200);

  await edited.getByRole('button', { name: `Revoke PSA sync ${tag}` }).click();
  await expect(edited).toContainText('revoked');
  expect((await fetch(`${baseURL}/api/v1/partner-api/devices`, { headers: { 'X-API-Key': spKey } })).status).toBe(401);

  await page.goto('/settings/agent-versions');
  await expect(page.getByRole('heading', { name: 'Agent versions', level: 1 })).toBeVisible();
});
