import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers/test';
import { linkIn, waitForEmail } from './helpers/mailbox';
import { badgePng } from './helpers/png';
import { activatePortalAccount, adminToken, seedPartnerAdmin } from './helpers/seed';
import { CHROMIUM_ARGS, chromiumPath } from './helpers/chromium';

const ADMIN_PASSWORD = 'Partner-Admin-Pass-9!';
const PRIMARY = '#7c2d12';
const ACCENT = '#0e7490';

// The portal is served on the MSP's own domain: Chromium resolves *.e2e-portal.test to this
// machine, so the browser really sends that Host, exactly as behind a CNAME.
test.use({
  launchOptions: {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.e2e-portal.test 127.0.0.1'],
  },
});

const rgbOf = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test('a customer signs in on the MSP-branded portal, opens a ticket with a PNG and sees the public reply but never the internal note', async ({ page, request }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Northwind IT ${tag}`, ADMIN_PASSWORD);
  const token = await adminToken(request, admin, ADMIN_PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const domain = `help-${tag}.e2e-portal.test`;

  // The MSP brands its portal: name, colours, support contact, its own domain and an uploaded logo.
  const branding = await request.patch('/api/v1/orgs/partners/me/portal-branding', {
    headers: auth,
    data: { name: 'Northwind Help Centre', primaryColor: PRIMARY, accentColor: ACCENT, supportEmail: 'help@northwind.test', supportPhone: '+1 555 0142', customDomain: domain },
  });
  expect(branding.status()).toBe(200);
  const logo = await request.put('/api/v1/orgs/partners/me/portal-branding/logo', { headers: auth, multipart: { file: { name: 'northwind.png', mimeType: 'image/png', buffer: badgePng('#f59e0b', '#ffffff') } } });
  expect(logo.status()).toBe(200);

  // …creates the customer organization and a contact, and invites the contact to the portal.
  const org = await request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Contoso ${tag}` } });
  expect(org.status()).toBe(201);
  const orgId = (await org.json()).id as string;
  const email = `cora-${tag}@contoso.test`;
  const contact = await request.post('/api/v1/orgs/contacts', { headers: auth, data: { orgId, name: 'Cora Customer', email, title: 'Office manager', roles: ['technical'] } });
  expect(contact.status()).toBe(201);
  const invite = await request.post(`/api/v1/orgs/contacts/${(await contact.json()).id}/portal-invite`, { headers: auth });
  expect(invite.status()).toBe(200);

  // The invitation arrives through real SMTP and points at the MSP's domain.
  const mail = await waitForEmail({ to: email, subject: 'You are invited to Northwind Help Centre', timeoutMs: 30_000 });
  const link = linkIn(mail, '/portal/accept-invite#token=');
  expect(new URL(link).hostname).toBe(domain);
  expect(mail.text).toContain('help@northwind.test');

  // First visit: the branded page sets the password and signs the contact in.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await expect(page.getByTestId('portal-name')).toHaveText('Northwind Help Centre');
  const password = 'Cora-Strong-Pass-7!';
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(page.getByRole('heading', { name: 'Tickets' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();

  // Sign in on the branded portal: the brand is there from the first paint, logo included.
  await expect(page).toHaveURL(new RegExp(`^http://${domain.replace(/\./g, '\\.')}:\\d+/portal/login`));
  await expect(page).toHaveTitle('Sign in · Northwind Help Centre');
  const band = page.locator('[data-portal="guest"] > div').first();
  await expect(band).toHaveCSS('background-color', rgbOf(PRIMARY));
  const logoImg = page.getByTestId('portal-logo');
  await expect(logoImg).toBeVisible();
  expect(await logoImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.screenshot({ path: 'e2e/artifacts/portal-sign-in.png', fullPage: true });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Tickets' })).toBeVisible();
  await expect(page.getByTestId('portal-user')).toContainText(`Cora Customer · Contoso ${tag}`);
  await expect(page.locator('[data-portal="app"] header')).toHaveCSS('background-color', rgbOf(PRIMARY));
  await expect(page.getByTestId('portal-logo')).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/portal-tickets.png', fullPage: true });

  // A new ticket with a PNG dropped onto the form.
  await page.getByRole('link', { name: 'New ticket' }).click();
  await page.getByLabel('Subject').fill('Printer shows error E42');
  await page.getByLabel('Description').fill('Since this morning the office printer refuses every job. Photo attached.');
  const photo = badgePng('#2563eb', '#fde047', 120).toString('base64');
  const dataTransfer = await page.evaluateHandle((b64) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'printer-error.png', { type: 'image/png' }));
    return dt;
  }, photo);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByRole('list', { name: 'Files to attach' })).toContainText('printer-error.png');
  // The browser refuses what the server would refuse, before uploading anything.
  await page.getByTestId('file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByText('notes.txt is not a JPEG, PNG, WebP or PDF file')).toBeVisible();
  await page.getByRole('button', { name: 'Open ticket' }).click();

  await expect(page.getByRole('heading', { name: /Printer shows error E42/ })).toBeVisible();
  const ticketId = new URL(page.url()).pathname.split('/').pop()!;
  const attached = page.getByRole('img', { name: 'printer-error.png' });
  await expect(attached).toBeVisible();
  await expect.poll(() => attached.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

  // The service desk answers: one public reply, one internal note.
  const reply = await request.post(`/api/v1/tickets/${ticketId}/comments`, { headers: auth, data: { content: 'Thanks Cora — a technician is on the way with a new fuser.' } });
  expect(reply.status()).toBe(201);
  const note = await request.post(`/api/v1/tickets/${ticketId}/comments`, { headers: auth, data: { content: 'INTERNAL: warranty expired, bill the visit', visibility: 'internal' } });
  expect(note.status()).toBe(201);

  // The public reply appears on its own (the conversation refreshes); the internal note never does.
  await expect(page.getByText('Thanks Cora — a technician is on the way with a new fuser.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Service desk', { exact: true })).toBeVisible();
  await expect(page.getByTestId('ticket-status')).toHaveText('Open');
  await expect(page.getByTestId('comment')).toHaveCount(2);
  await expect(page.getByText(/INTERNAL: warranty expired/)).toHaveCount(0);
  await page.screenshot({ path: 'e2e/artifacts/portal-ticket-conversation.png', fullPage: true });
  const detail = await page.evaluate(async (id) => (await fetch(`/api/v1/portal/tickets/${id}`)).text(), ticketId);
  expect(detail).toContain('a technician is on the way');
  expect(detail).not.toContain('warranty expired');
});

test('on the shared host the partner’s site key brands the portal; a customer sees their devices and borrows a loaner', async ({ page, request }) => {
  const tag = randomBytes(4).toString('hex');
  const admin = await seedPartnerAdmin(tag, `Fabrikam Managed IT ${tag}`, ADMIN_PASSWORD);
  const auth = { authorization: `Bearer ${await adminToken(request, admin, ADMIN_PASSWORD)}` };
  await request.patch('/api/v1/orgs/partners/me/portal-branding', { headers: auth, data: { primaryColor: '#14532d', accentColor: '#1d4ed8' } });
  const orgId = (await (await request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Tailspin ${tag}` } })).json()).id as string;
  const email = `tess-${tag}@tailspin.test`;
  const contact = await (await request.post('/api/v1/orgs/contacts', { headers: auth, data: { orgId, name: 'Tess Tailspin', email } })).json();
  await activatePortalAccount(contact, 'Tess-Strong-Pass-7!');
  await request.post('/api/v1/assets', { headers: auth, data: { orgId, kind: 'device', name: 'TAILSPIN-FRONTDESK', assetTag: 'TS-001', manufacturer: 'Lenovo', model: 'ThinkCentre M70' } });
  const loaner = await (await request.post('/api/v1/assets', { headers: auth, data: { orgId, kind: 'device', name: 'Loaner laptop', assetTag: 'TS-LOAN-1', checkoutable: true } })).json();
  // Another customer's device never shows.
  const otherOrg = (await (await request.post('/api/v1/orgs/organizations', { headers: auth, data: { name: `Other ${tag}` } })).json()).id as string;
  await request.post('/api/v1/assets', { headers: auth, data: { orgId: otherOrg, kind: 'device', name: 'OTHER-CUSTOMER-PC' } });

  await page.goto(`/portal/login?site=e2e-msp-${tag}`);
  await expect(page.getByTestId('portal-name')).toHaveText(`Fabrikam Managed IT ${tag}`);
  await expect(page.locator('[data-portal="guest"] > div').first()).toHaveCSS('background-color', rgbOf('#14532d'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Tess-Strong-Pass-7!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Tickets' })).toBeVisible();

  await page.getByRole('link', { name: 'My devices' }).click();
  await expect(page.getByRole('heading', { name: 'My devices' })).toBeVisible();
  await expect(page.getByTestId('device-row')).toHaveCount(2);
  const frontDesk = page.getByTestId('device-row').filter({ hasText: 'TAILSPIN-FRONTDESK' });
  await expect(frontDesk).toContainText('Not monitored');
  await expect(frontDesk).toContainText('Lenovo ThinkCentre M70');
  await expect(page.getByText('OTHER-CUSTOMER-PC')).toHaveCount(0);

  await page.getByRole('link', { name: 'Assets' }).click();
  const card = page.getByTestId('asset-card').filter({ hasText: 'Loaner laptop' });
  await expect(card).toContainText('Available');
  await card.getByRole('button', { name: 'Check out' }).click();
  await expect(card.getByTestId('asset-holder')).toContainText('You have it since');
  await page.screenshot({ path: 'e2e/artifacts/portal-assets.png', fullPage: true });
  // The MSP sees who has it and since when.
  const held = await (await request.get(`/api/v1/assets/${loaner.id}`, { headers: auth })).json();
  expect(held.checkout.contact).toMatchObject({ name: 'Tess Tailspin', email });
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(card).toContainText('Available');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/login\\?site=e2e-msp-${tag}$`));
  await expect(page.getByTestId('portal-name')).toHaveText(`Fabrikam Managed IT ${tag}`);
});
