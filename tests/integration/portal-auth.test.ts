// Portal sign-in: the MSP's invitation, the sealed session cookie and its flags, rotation,
// CSRF and origin checks, forgot/reset password, rate limits, and access that ends with the
// contact's portal role.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { sha256Hex } from '@/lib/auth/secrets';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { makeJobsDue, runDueJobs } from '../helpers/jobs';
import { clearQueuedEmails, queuedEmails } from '../helpers/tickets';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { loginRequest, makeContact, makePortalUser, ORIGIN, PORTAL_PASSWORD, portalBrowser, portalLogin, setCookies } from '../helpers/portal';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partnerA: Partner;
let partnerB: Partner;
let orgA: { id: string; partnerId: string; name: string };
let adminA: string;
let adminAMfa: string;
let adminBMfa: string;

beforeAll(async () => {
  partnerA = await makePartner({ name: 'Acme MSP' });
  partnerB = await makePartner();
  orgA = await makeOrg(partnerA.id, 'Contoso');
  const admin = await makePartnerUser(partnerA, { name: 'Ann Admin' });
  adminA = await tokenFor(admin);
  adminAMfa = await tokenFor(admin, { mfa: true });
  adminBMfa = await tokenFor(await makePartnerUser(partnerB), { mfa: true });
});

beforeEach(() => clearQueuedEmails());

afterEach(() => {
  delete process.env.APP_BASE_URL;
  process.env.APP_BASE_URL = 'http://localhost:3000';
  resetEnvCache();
});

const tokenIn = (text: string, page: string) => {
  const match = new RegExp(`/portal/${page}\\S*#token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in: ${text}`);
  return match[1];
};

describe('invitations', () => {
  it('invites a contact: portal role added, single-use link emailed, the first visit sets the password and activates', async () => {
    const contact = await makeContact(orgA, { name: 'Ivy Invitee', email: 'ivy@contoso.test', roles: ['billing'] });
    const res = await api.post(`/orgs/contacts/${contact.id}/portal-invite`, { token: adminAMfa });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: contact.id, roles: ['billing', 'portal'], portal: { status: 'invited', activatedAt: null } });
    expect(Date.parse(res.body.inviteExpiresAt) - Date.now()).toBeGreaterThan(71 * 3_600_000);

    const [mail] = await queuedEmails('ivy@contoso.test');
    expect(mail.subject).toBe('You are invited to Acme MSP');
    expect(mail.text).toContain('Ann Admin of Acme MSP invited you');
    expect(mail.text).toContain(`http://localhost:3000/portal/accept-invite?site=${partnerA.slug}#token=`);
    const token = tokenIn(mail.text, 'accept-invite');
    // Stored hashed only.
    expect(await db.portalToken.count({ where: { tokenHash: sha256Hex(token), purpose: 'invite' } })).toBe(1);
    expect(await db.portalToken.count({ where: { tokenHash: token } })).toBe(0);

    // Invited but without a password: no sign-in yet.
    expect((await loginRequest({ email: 'ivy@contoso.test', password: 'anything' })).status).toBe(401);

    const weak = await api.post('/portal/auth/reset-password', { body: { token, password: 'weakpassword' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toMatch(/at least three/);
    const accepted = await api.post('/portal/auth/reset-password', { body: { token, password: 'Ivy-Chooses-42!' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ success: true, email: 'ivy@contoso.test' });
    const again = await api.post('/portal/auth/reset-password', { body: { token, password: 'Ivy-Chooses-43!' } });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('INVALID_TOKEN');

    const browser = await portalLogin('ivy@contoso.test', 'Ivy-Chooses-42!');
    expect((await browser.get('/portal/profile')).body).toMatchObject({ id: contact.id, name: 'Ivy Invitee', email: 'ivy@contoso.test', organization: { id: orgA.id, name: 'Contoso' } });
    expect((await api.get(`/orgs/contacts/${contact.id}`, { token: adminA })).body.portal).toMatchObject({ status: 'active' });
    expect(await db.auditLog.count({ where: { action: 'portal.invite_accept', targetId: contact.id } })).toBe(1);
  });

  it('re-sending replaces the link; an active account, a missing email or another tenant are refused', async () => {
    const contact = await makeContact(orgA, { email: 'resend@contoso.test' });
    await api.post(`/orgs/contacts/${contact.id}/portal-invite`, { token: adminAMfa });
    const first = tokenIn((await queuedEmails('resend@contoso.test'))[0].text, 'accept-invite');
    await api.post(`/orgs/contacts/${contact.id}/portal-invite`, { token: adminAMfa });
    expect((await api.post('/portal/auth/reset-password', { body: { token: first, password: 'Resend-Pass-42!' } })).body.error.code).toBe('INVALID_TOKEN');

    const active = await makePortalUser(orgA);
    expect((await api.post(`/orgs/contacts/${active.id}/portal-invite`, { token: adminAMfa })).body.error.code).toBe('PORTAL_ACCESS_ACTIVE');
    const phoneOnly = await makeContact(orgA, { email: null, phone: '555' });
    expect((await api.post(`/orgs/contacts/${phoneOnly.id}/portal-invite`, { token: adminAMfa })).body.error.code).toBe('CONTACT_EMAIL_REQUIRED');
    // MFA-gated like user invitations, and tenant-scoped.
    expect((await api.post(`/orgs/contacts/${contact.id}/portal-invite`, { token: adminA })).body.error.code).toBe('MFA_REQUIRED');
    expect((await api.post(`/orgs/contacts/${contact.id}/portal-invite`, { token: adminBMfa })).status).toBe(404);
  });

  it('keeps one sign-in address per partner: a second contact with the same email cannot be invited', async () => {
    await makePortalUser(orgA, { email: 'shared@contoso.test' });
    const twin = await makeContact(await makeOrg(partnerA.id), { email: 'shared@contoso.test' });
    const res = await api.post(`/orgs/contacts/${twin.id}/portal-invite`, { token: adminAMfa });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('PORTAL_EMAIL_IN_USE');
  });
});

describe('the session cookie', () => {
  it('is an HttpOnly, SameSite=Lax, host-only sealed cookie, Secure only on https; the CSRF cookie is readable', async () => {
    const user = await makePortalUser(orgA);
    const res = await loginRequest({ email: user.email, password: PORTAL_PASSWORD });
    expect(res.status).toBe(200);
    const cookies = setCookies(res);
    const session = cookies.rmm_portal.raw;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).toMatch(/; Max-Age=43200/);
    expect(session).not.toMatch(/Secure/);
    expect(session).not.toMatch(/Domain=/i);
    expect(cookies.rmm_portal.value).toMatch(/^Fe26\.2\*/); // an iron seal, not the session id
    expect(cookies.rmm_portal.value).not.toContain((await db.portalSession.findFirstOrThrow({ where: { contactId: user.id } })).id);
    expect(cookies.rmm_portal_csrf.raw).not.toMatch(/HttpOnly/);
    expect(cookies.rmm_portal_csrf.value).toBe(res.body.csrfToken);
    expect(res.headers.get('cache-control')).toBe('no-store');

    process.env.APP_BASE_URL = 'https://rmm.example.com';
    resetEnvCache();
    const secure = setCookies(await loginRequest({ email: user.email, password: PORTAL_PASSWORD }));
    expect(secure.rmm_portal.raw).toMatch(/; Secure/);
    expect(secure.rmm_portal_csrf.raw).toMatch(/; Secure/);
  });

  it('rejects forged, tampered and missing cookies', async () => {
    expect((await api.get('/portal/profile')).status).toBe(401);
    expect((await api.get('/portal/profile', { headers: { cookie: 'rmm_portal=forged' } })).body.error.code).toBe('PORTAL_SESSION_INVALID');
    const browser = await portalLogin((await makePortalUser(orgA)).email!);
    const tampered = browser.cookie.replace(/rmm_portal=([^;]+)/, (_m, v: string) => `rmm_portal=${v.slice(0, -3)}abc`);
    expect((await api.get('/portal/profile', { headers: { cookie: tampered } })).status).toBe(401);
    // Console tokens are not portal sessions.
    expect((await api.get('/portal/profile', { token: adminA })).status).toBe(401);
  });

  it('rotates on sign-in: a new session id and CSRF token each time, and the presented session ends', async () => {
    const user = await makePortalUser(orgA);
    const first = await portalLogin(user.email!);
    const second = await portalLogin(user.email!, PORTAL_PASSWORD, { headers: { cookie: first.cookie } });
    expect(second.cookie).not.toBe(first.cookie);
    expect(second.csrf).not.toBe(first.csrf);
    expect((await first.get('/portal/profile')).status).toBe(401);
    expect((await second.get('/portal/profile')).status).toBe(200);
    const sessions = await db.portalSession.findMany({ where: { contactId: user.id }, orderBy: { createdAt: 'asc' } });
    expect(sessions.map((s) => s.revokedReason)).toEqual(['rotated', null]);
  });

  it('signs out server-side: the copied cookie stops working and the cookies are cleared', async () => {
    const browser = await portalLogin((await makePortalUser(orgA)).email!);
    const out = await browser.post('/portal/auth/logout');
    expect(out.status).toBe(204);
    const cleared = setCookies(out);
    expect(cleared.rmm_portal.raw).toMatch(/Max-Age=0/);
    expect(cleared.rmm_portal_csrf.raw).toMatch(/Max-Age=0/);
    expect((await browser.get('/portal/profile')).status).toBe(401);
  });
});

describe('CSRF and origin checks', () => {
  it('refuses state-changing requests without the session’s CSRF token or from another origin', async () => {
    const user = await makePortalUser(orgA, { name: 'Csrf Target' });
    const browser = await portalLogin(user.email!);
    const patch = (headers: Record<string, string>) => api.patch('/portal/profile', { body: { title: 'Pwned' }, headers: { cookie: browser.cookie, ...headers } });

    const missing = await patch({ origin: ORIGIN });
    expect(missing.status).toBe(403);
    expect(missing.body.error.code).toBe('CSRF_TOKEN_INVALID');
    expect((await patch({ origin: ORIGIN, 'x-csrf-token': 'guessed' })).body.error.code).toBe('CSRF_TOKEN_INVALID');
    // Another session's token does not fit this session.
    const other = await portalLogin((await makePortalUser(orgA)).email!);
    expect((await patch({ origin: ORIGIN, 'x-csrf-token': other.csrf })).body.error.code).toBe('CSRF_TOKEN_INVALID');
    // The right token from another site's page.
    expect((await patch({ origin: 'https://evil.example', 'x-csrf-token': browser.csrf })).body.error.code).toBe('CROSS_ORIGIN_REQUEST');
    expect((await patch({ 'sec-fetch-site': 'cross-site', 'x-csrf-token': browser.csrf })).body.error.code).toBe('CROSS_ORIGIN_REQUEST');
    expect((await patch({ origin: 'null', 'x-csrf-token': browser.csrf })).status).toBe(403);
    expect((await db.contact.findUniqueOrThrow({ where: { id: user.id } })).title).toBeNull();

    // Same origin with the token: accepted. Reads need no token.
    expect((await patch({ origin: ORIGIN, 'x-csrf-token': browser.csrf })).body.title).toBe('Pwned');
    expect((await api.get('/portal/profile', { headers: { cookie: browser.cookie } })).status).toBe(200);
    // Logging in from another site's page is refused too (login CSRF).
    const crossLogin = await api.post('/portal/auth/login', { body: { email: user.email, password: PORTAL_PASSWORD }, headers: { origin: 'https://evil.example' } });
    expect(crossLogin.body.error.code).toBe('CROSS_ORIGIN_REQUEST');
  });
});

describe('signing in', () => {
  it('answers one identical 401 for unknown addresses, wrong passwords and withdrawn access', async () => {
    const user = await makePortalUser(orgA);
    const disabled = await makePortalUser(orgA);
    await db.portalAccount.update({ where: { contactId: disabled.id }, data: { status: 'disabled' } });
    const bodies = [];
    for (const [email, password] of [['nobody@contoso.test', PORTAL_PASSWORD], [user.email!, 'Wrong-Password-1!'], [disabled.email!, PORTAL_PASSWORD]]) {
      const res = await loginRequest({ email, password });
      expect(res.status).toBe(401);
      bodies.push(res.body);
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(bodies[0].error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password', details: [] });
  });

  it('names the portal by site key or custom domain; an address in two portals needs one of them', async () => {
    const partnerC = await makePartner();
    const orgC = await makeOrg(partnerC.id);
    await makePortalUser(orgA, { email: 'twice@customer.test' });
    await makePortalUser(orgC, { email: 'twice@customer.test', password: 'Other-Portal-Pass-1!' });
    expect((await loginRequest({ email: 'twice@customer.test', password: PORTAL_PASSWORD })).status).toBe(401);
    expect((await loginRequest({ email: 'twice@customer.test', password: PORTAL_PASSWORD, site: partnerA.slug })).status).toBe(200);
    expect((await loginRequest({ email: 'twice@customer.test', password: PORTAL_PASSWORD, site: partnerC.slug })).status).toBe(401);
    expect((await loginRequest({ email: 'twice@customer.test', password: PORTAL_PASSWORD, site: 'no-such-partner' })).status).toBe(401);
    await db.portalBranding.create({ data: { partnerId: partnerC.id, customDomain: 'help.partner-c.test' } });
    const viaDomain = await api.post('/portal/auth/login', { body: { email: 'twice@customer.test', password: 'Other-Portal-Pass-1!' }, headers: { host: 'help.partner-c.test', origin: 'http://help.partner-c.test' } });
    expect(viaDomain.status).toBe(200);
    expect(viaDomain.body.user.organization.id).toBe(orgC.id);
  });

  it('limits failed attempts per address (429 with Retry-After) without locking out other addresses', async () => {
    const user = await makePortalUser(orgA);
    expect((await api.post('/portal/auth/login', { body: { email: user.email, password: PORTAL_PASSWORD }, ip: '10.1.1.1' })).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await api.post('/portal/auth/login', { body: { email: user.email, password: 'Wrong-Password-1!' }, ip: `10.1.0.${i}` })).status).toBe(401);
    const limited = await api.post('/portal/auth/login', { body: { email: user.email, password: PORTAL_PASSWORD }, ip: '10.1.0.99' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The contact still signs in from an address it used before: failures elsewhere cannot lock it out.
    expect((await api.post('/portal/auth/login', { body: { email: user.email, password: PORTAL_PASSWORD }, ip: '10.1.1.1' })).status).toBe(200);
    expect((await api.post('/portal/auth/login', { body: { email: (await makePortalUser(orgA)).email, password: PORTAL_PASSWORD }, ip: '10.1.0.99' })).status).toBe(200);
  });

  it('limits attempts per client IP', async () => {
    for (let i = 0; i < 30; i++) await api.post('/portal/auth/login', { body: { email: `spray-${i}@contoso.test`, password: 'x' }, ip: '10.2.0.1' });
    expect((await api.post('/portal/auth/login', { body: { email: 'spray-last@contoso.test', password: 'x' }, ip: '10.2.0.1' })).status).toBe(429);
  });

  it('refuses 403 PARTNER_INACTIVE once the MSP is suspended, at sign-in and on every request', async () => {
    const partner = await makePartner();
    const user = await makePortalUser(await makeOrg(partner.id));
    const browser = await portalLogin(user.email!);
    await db.partner.update({ where: { id: partner.id }, data: { status: 'suspended' } });
    expect((await browser.get('/portal/profile')).body.error.code).toBe('PARTNER_INACTIVE');
    expect((await loginRequest({ email: user.email, password: PORTAL_PASSWORD })).body.error.code).toBe('PARTNER_INACTIVE');
  });
});

describe('forgot and reset password', () => {
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    process.env.SMTP_URL = smtp.url;
    resetEnvCache();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    await smtp.stop();
  });

  it('answers identically whether or not the address exists, and mails a reset link only to real accounts', async () => {
    const user = await makePortalUser(orgA, { name: 'Forgetful Fred' });
    const known = await api.post('/portal/auth/forgot-password', { body: { email: user.email } });
    const unknown = await api.post('/portal/auth/forgot-password', { body: { email: 'ghost@contoso.test' } });
    const unknownSite = await api.post('/portal/auth/forgot-password', { body: { email: user.email, site: 'no-such-partner' } });
    for (const res of [known, unknown, unknownSite]) {
      expect(res.status).toBe(200);
      expect(res.text).toBe(known.text);
      expect([...res.headers.keys()].filter((k) => k !== 'x-request-id').sort()).toEqual([...known.headers.keys()].filter((k) => k !== 'x-request-id').sort());
    }
    expect(known.body).toEqual({ success: true, message: 'If a portal account exists for this address, we have emailed a link to choose a new password.' });

    // The lookup and the email happen in the worker; a real SMTP server receives what is sent.
    await runDueJobs();
    const mail = await smtp.waitFor((m) => m.subject === 'Reset your Acme MSP password');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(user.email);
    expect(mail.text).toContain(`/portal/reset-password?site=${partnerA.slug}#token=`);
    expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes('ghost@contoso.test'))).toHaveLength(0);
    const sent = await db.auditLog.findMany({ where: { action: 'portal.password_reset_requested' } });
    expect(sent.map((a) => a.targetId)).toEqual([user.id]);
    const tokens = await db.portalToken.findMany({ where: { contactId: user.id } });
    expect(tokens).toHaveLength(1);
    expect(tokens[0].purpose).toBe('reset');
    const ttl = tokens[0].expiresAt.getTime() - tokens[0].createdAt.getTime();
    expect(Math.abs(ttl - 60 * 60_000)).toBeLessThan(5_000);
  });

  it('resets with the link once, ends every session, and the old password stops working', async () => {
    const user = await makePortalUser(orgA, { email: 'reset-me@contoso.test' });
    const browser = await portalLogin(user.email!);
    await api.post('/portal/auth/forgot-password', { body: { email: user.email, site: partnerA.slug } });
    await runDueJobs();
    const mail = await smtp.waitFor((m) => JSON.stringify(m.to).includes('reset-me@contoso.test'));
    const token = tokenIn(mail.text ?? '', 'reset-password');
    const reset = await api.post('/portal/auth/reset-password', { body: { token, password: 'Brand-New-Pass-7!' } });
    expect(reset.status).toBe(200);
    expect((await browser.get('/portal/profile')).status).toBe(401);
    expect((await loginRequest({ email: user.email, password: PORTAL_PASSWORD })).status).toBe(401);
    expect((await loginRequest({ email: user.email, password: 'Brand-New-Pass-7!' })).status).toBe(200);
    expect((await api.post('/portal/auth/reset-password', { body: { token, password: 'Brand-New-Pass-8!' } })).body.error.code).toBe('INVALID_TOKEN');
  });

  it('gives one identical 400 for unknown, expired and withdrawn tokens', async () => {
    const user = await makePortalUser(orgA);
    const { issuePortalToken } = await import('@/lib/portal/auth/portal-tokens');
    const expired = await issuePortalToken(db, user.id, 'reset', -1000);
    const withdrawnUser = await makePortalUser(orgA);
    const withdrawn = await issuePortalToken(db, withdrawnUser.id, 'reset', 60_000);
    await db.contact.update({ where: { id: withdrawnUser.id }, data: { roles: [] } });
    const answers = [];
    for (const token of ['x'.repeat(43), expired.token, withdrawn.token]) {
      const res = await api.post('/portal/auth/reset-password', { body: { token, password: 'Valid-Password-9!' } });
      expect(res.status).toBe(400);
      answers.push(res.text);
    }
    expect(new Set(answers).size).toBe(1);
  });

  it('caps reset emails per account, whatever the number of requests', async () => {
    const user = await makePortalUser(orgA);
    for (let i = 0; i < 5; i++) await api.post('/portal/auth/forgot-password', { body: { email: user.email }, ip: `10.3.0.${i}` });
    await makeJobsDue(['send_portal_password_resets']);
    await runDueJobs();
    expect(await db.auditLog.count({ where: { action: 'portal.password_reset_requested', targetId: user.id } })).toBe(3);
  });
});

describe('access follows the contact', () => {
  it('ends sessions at once when the MSP removes the portal role, revokes access, changes the email or deletes the contact', async () => {
    const cases: [string, (id: string) => Promise<unknown>][] = [
      ['role removed', (id) => api.patch(`/orgs/contacts/${id}`, { token: adminA, body: { roles: ['billing'] } })],
      ['access revoked', (id) => api.delete(`/orgs/contacts/${id}/portal-access`, { token: adminAMfa })],
      ['email changed', (id) => api.patch(`/orgs/contacts/${id}`, { token: adminA, body: { email: `renamed-${id.slice(0, 6)}@contoso.test` } })],
      ['contact deleted', (id) => api.delete(`/orgs/contacts/${id}`, { token: adminA })],
    ];
    for (const [what, act] of cases) {
      const user = await makePortalUser(orgA);
      const browser = await portalLogin(user.email!);
      expect((await browser.get('/portal/profile')).status, what).toBe(200);
      await act(user.id);
      expect((await browser.get('/portal/profile')).status, what).toBe(401);
    }
  });

  it('keeps the sign-in name in step with the contact’s email', async () => {
    const user = await makePortalUser(orgA);
    await api.patch(`/orgs/contacts/${user.id}`, { token: adminA, body: { email: 'New.Address@Contoso.test' } });
    expect((await loginRequest({ email: user.email, password: PORTAL_PASSWORD })).status).toBe(401);
    expect((await loginRequest({ email: 'new.address@contoso.test', password: PORTAL_PASSWORD })).status).toBe(200);
    const taken = await makePortalUser(orgA);
    const clash = await api.patch(`/orgs/contacts/${taken.id}`, { token: adminA, body: { email: 'new.address@contoso.test' } });
    expect(clash.body.error.code).toBe('PORTAL_EMAIL_IN_USE');
  });
});

describe('profile and password', () => {
  it('edits the own profile (null clears), never the email', async () => {
    const user = await makePortalUser(orgA, { name: 'Paula Profile' });
    const browser = await portalLogin(user.email!);
    const res = await browser.patch('/portal/profile', { body: { phone: '+1 555 0100', title: 'Office manager' } });
    expect(res.body).toMatchObject({ name: 'Paula Profile', phone: '+1 555 0100', title: 'Office manager', email: user.email });
    expect((await browser.patch('/portal/profile', { body: { phone: null } })).body.phone).toBeNull();
    expect((await browser.patch('/portal/profile', { body: { email: 'x@y.test' } })).status).toBe(400);
    expect((await browser.patch('/portal/profile', { body: { name: '' } })).status).toBe(400);
  });

  it('changes the password with the current one, ends other sessions and rotates this one', async () => {
    const user = await makePortalUser(orgA);
    const here = await portalLogin(user.email!);
    const elsewhere = await portalLogin(user.email!);
    expect((await here.post('/portal/profile/password', { body: { currentPassword: 'Wrong-Pass-1!', newPassword: 'Next-Password-5!' } })).body.error.code).toBe('INVALID_CURRENT_PASSWORD');
    expect((await here.post('/portal/profile/password', { body: { currentPassword: PORTAL_PASSWORD, newPassword: 'short' } })).status).toBe(400);
    const changed = await here.post('/portal/profile/password', { body: { currentPassword: PORTAL_PASSWORD, newPassword: 'Next-Password-5!' } });
    expect(changed.status).toBe(200);
    const cookies = setCookies(changed);
    const rotated = portalBrowser(`rmm_portal=${cookies.rmm_portal.value}`, changed.body.csrfToken);
    expect((await rotated.get('/portal/profile')).status).toBe(200);
    expect((await here.get('/portal/profile')).status).toBe(401);
    expect((await elsewhere.get('/portal/profile')).status).toBe(401);
    expect((await loginRequest({ email: user.email, password: 'Next-Password-5!' })).status).toBe(200);
  });
});

describe('housekeeping', () => {
  it('prunes sessions ended over 30 days ago and expired links, daily through the worker', async () => {
    const user = await makePortalUser(orgA);
    const base = { contactId: user.id, partnerId: orgA.partnerId, orgId: orgA.id, csrfHash: '0'.repeat(64) };
    const day = 86_400_000;
    const expiredLongAgo = await db.portalSession.create({ data: { ...base, expiresAt: new Date(Date.now() - 40 * day) } });
    const revokedLongAgo = await db.portalSession.create({ data: { ...base, expiresAt: new Date(Date.now() + day), revokedAt: new Date(Date.now() - 31 * day) } });
    const revokedYesterday = await db.portalSession.create({ data: { ...base, expiresAt: new Date(Date.now() + day), revokedAt: new Date(Date.now() - day) } });
    const live = await db.portalSession.create({ data: { ...base, expiresAt: new Date(Date.now() + day) } });
    const { issuePortalToken } = await import('@/lib/portal/auth/portal-tokens');
    await issuePortalToken(db, user.id, 'reset', -1);
    const { crontab } = await import('@/worker/task-list');
    expect(crontab).toMatch(/^\S+ \S+ \S+ \S+ \S+ prune_portal_sessions$/m);
    const { prunePortalSessions } = await import('@/lib/portal/session/prune-portal-sessions');
    const removed = await prunePortalSessions(30);
    expect(removed.tokens).toBeGreaterThanOrEqual(1);
    const left = (await db.portalSession.findMany({ where: { contactId: user.id } })).map((s) => s.id);
    expect(left).not.toContain(expiredLongAgo.id);
    expect(left).not.toContain(revokedLongAgo.id);
    expect(left).toEqual(expect.arrayContaining([revokedYesterday.id, live.id]));
    expect(await db.portalToken.count({ where: { contactId: user.id } })).toBe(0);
  });
});
