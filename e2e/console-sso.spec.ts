import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { expect, test } from './helpers/test';
import { seedPartnerAdmin } from './helpers/seed';
import { signInConsole } from './helpers/console';
import { startOidcIdp, type OidcIdp } from '../sandbox/oidc-idp/server';
import { startTestDnsServer, type TestDnsServer } from '../sandbox/dns/server';

const PASSWORD = 'Console-Sso-Pass-5!';

/** The app follows the self-hosted URL policy, which refuses loopback: the IdP listens on a private address. */
function privateAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      if (a.internal) continue;
      if (a.family === 'IPv4' && /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(a.address)) return a.address;
      if (a.family === 'IPv6' && /^f[cd][0-9a-f]{2}:/i.test(a.address)) return a.address;
    }
  }
  return null;
}

let idp: OidcIdp | null = null;
let dns: TestDnsServer | null = null;
test.afterAll(async () => {
  await Promise.all([idp?.close(), dns?.close()]);
});

test('a partner admin sets up OIDC single sign-on, and a new technician signs in through it', async ({ page, browser, baseURL, networkLog }) => {
  const host = privateAddress();
  test.skip(!host, 'this machine has no private address for the identity provider to listen on');
  // The app resolves domain-ownership records through this server (SSO_DNS_SERVERS, set by scripts/test.ts).
  dns = await startTestDnsServer({ port: Number(process.env.E2E_DNS_PORT) });
  const tag = randomBytes(4).toString('hex');
  idp = await startOidcIdp({ host: host!, redirectUris: [`${baseURL}/api/v1/sso/callback`] });
  const admin = await seedPartnerAdmin(tag, `SSO MSP ${tag}`, PASSWORD);
  await signInConsole(page, admin, PASSWORD);

  await page.goto('/settings/sso');
  await expect(page.getByRole('heading', { name: 'Single sign-on' })).toBeVisible();
  await expect(page.getByText('No provider yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add provider' }).click();
  const form = page.getByRole('form', { name: 'New SSO provider' });
  await form.getByLabel('Identity provider').selectOption({ label: 'Generic OpenID Connect' });
  await form.getByLabel('Name').fill(`Sandbox IdP ${tag}`);
  await form.getByLabel('Issuer URL').fill(idp.issuer);
  await form.getByLabel('Client ID').fill(idp.clientId);
  await form.getByLabel('Client secret').fill(idp.clientSecret);
  await form.getByLabel('Email domains').fill(`sso-${tag}.test`);
  await form.getByLabel('Default role of new users').selectOption({ label: 'Technician' });
  await form.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row', { name: new RegExp(`Sandbox IdP ${tag}`) });
  await expect(row).toContainText('Partner-wide (your staff)');
  await row.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('form', { name: `Edit Sandbox IdP ${tag}` });
  await editor.getByRole('button', { name: 'Test connection' }).click();
  await expect(editor.getByText(/Connection works/)).toBeVisible();

  // The domain routes nobody until the TXT record proves the partner owns it.
  const domains = page.getByRole('region', { name: `Email domains of Sandbox IdP ${tag}` });
  await expect(domains).toContainText('Pending');
  const recordName = `_rmm-sso.sso-${tag}.test`;
  await expect(domains.getByText(recordName)).toBeVisible();
  const recordValue = (await domains.locator('code').nth(1).textContent())!;
  expect(recordValue).toMatch(/^rmm-sso-verification=/);
  // Verifying before the record is published: the 422 this provokes is the point.
  networkLog.allow(/POST \S+\/api\/v1\/sso\/providers\/\S+\/domains\/\S+\/verify → 422/);
  await domains.getByRole('button', { name: `Verify sso-${tag}.test` }).click();
  await expect(domains.getByRole('alert')).toContainText('does not exist');
  dns.setTxt(recordName, [recordValue]);
  await domains.getByRole('button', { name: `Verify sso-${tag}.test` }).click();
  await expect(domains).toContainText('Verified');
  await expect(domains.getByRole('button', { name: /Verify/ })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/artifacts/console-sso-settings.png', fullPage: true });

  // A technician who has never signed in: found by the email domain, created on the way in.
  const email = `jane-${tag}@sso-${tag}.test`;
  idp.nextLogin({ sub: `jane-${tag}`, email, name: 'Jane Tech', groups: [] });
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await visitor.goto('/login');
  await visitor.getByRole('button', { name: 'Use single sign-on (SSO)' }).click();
  await visitor.getByLabel('Work email or organization ID').fill(email);
  await visitor.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(visitor.getByTestId('user-name')).toContainText('Jane Tech');
  await expect(visitor).not.toHaveURL(/code=/);
  await visitor.screenshot({ path: 'e2e/artifacts/console-sso-signed-in.png' });
  await context.close();
});
