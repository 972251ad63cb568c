import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { runDueJobs, pendingJobCount } from '../helpers/jobs';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { makePartnerUser, makePartner, tokenFor } from '../helpers/factories';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { sha256Hex } from '@/lib/auth/secrets';
import { passwordProblems } from '@/lib/auth/password-strength';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { REGISTRATION_ACCEPTED } from '@/lib/registration/request-registration';

let smtp: SmtpReceiver;
let ipCounter = 0;
/** A fresh client address per test, so the per-IP registration limits never interfere. */
const nextIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

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

const STRONG = 'Sturdy-Passw0rd!';
let seq = 0;
function partnerBody(overrides: Record<string, unknown> = {}) {
  seq++;
  return { companyName: `Acme Managed ${seq}`, name: 'Ada Admin', email: `ada-${seq}-${Date.now()}@example.test`, password: STRONG, acceptTerms: true, ...overrides };
}

/** Sends the queued email through the real SMTP receiver and returns the token from its link. */
async function tokenFromEmail(to: string): Promise<{ token: string; link: string; subject: string; html: string }> {
  await runDueJobs();
  const mail = await smtp.waitFor((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(to)));
  const link = /http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  expect(link, 'the email carries the verification link').toBeDefined();
  return { token: new URL(link!).searchParams.get('token')!, link: link!, subject: mail.subject ?? '', html: String(mail.html) };
}

async function registerAndGetToken(body = partnerBody()) {
  const res = await api.post('/auth/register-partner', { body, ip: nextIp() });
  expect(res.status).toBe(200);
  return { body, ...(await tokenFromEmail(body.email)) };
}

describe('POST /auth/register-partner → email → POST /auth/verify-email', () => {
  it('parks a registration, emails a single-use link and creates the partner, role, user and association on verify', async () => {
    const body = partnerBody({ companyName: 'Northwind IT Services', email: 'Owner@Northwind.example' });
    const partnersBefore = await db.partner.count();
    const res = await api.post('/auth/register-partner', { body, ip: nextIp() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(REGISTRATION_ACCEPTED);
    // Nothing exists yet but the parked registration; the token is stored only as its hash.
    expect(await db.partner.count()).toBe(partnersBefore);
    expect(await db.user.count({ where: { email: 'owner@northwind.example' } })).toBe(0);
    const parked = await db.pendingRegistration.findFirstOrThrow({ where: { email: 'owner@northwind.example' } });
    expect(parked.passwordHash).toMatch(/^\$argon2id\$/);
    expect(parked).toMatchObject({ kind: 'partner', companyName: 'Northwind IT Services', name: 'Ada Admin' });

    const { token, subject } = await tokenFromEmail('owner@northwind.example');
    expect(subject).toContain('Northwind IT Services');
    expect(parked.tokenHash).toBe(sha256Hex(token));

    const verified = await api.post('/auth/verify-email', { body: { token }, ip: nextIp(), headers: { 'user-agent': 'vitest-browser' } });
    expect(verified.status).toBe(200);
    expect(Object.keys(verified.body).sort()).toEqual(['mfaRequired', 'partner', 'tokens', 'user', 'verified']);
    expect(verified.body).toMatchObject({
      verified: true,
      user: { email: 'owner@northwind.example', name: 'Ada Admin', mfaEnabled: false },
      partner: { name: 'Northwind IT Services', slug: 'northwind-it-services', status: 'active' },
      mfaRequired: false,
      tokens: { expiresInSeconds: 900 },
    });
    expect(Object.keys(verified.body.tokens).sort()).toEqual(['accessToken', 'expiresInSeconds']);
    const claims = await verifyAccessToken(verified.body.tokens.accessToken);
    expect(claims).toMatchObject({ sub: verified.body.user.id, partnerId: verified.body.partner.id, scope: 'partner' });
    const cookie = verified.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^rmm_refresh=rt_[A-Za-z0-9_-]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Path=/api/v1/auth');

    const partner = await db.partner.findUniqueOrThrow({ where: { id: verified.body.partner.id } });
    expect(partner).toMatchObject({ type: 'msp', plan: 'free', status: 'active', slug: 'northwind-it-services' });
    const membership = await db.partnerUser.findUniqueOrThrow({ where: { userId: verified.body.user.id }, include: { role: true, user: true } });
    expect(membership).toMatchObject({ partnerId: partner.id, orgAccess: 'all', role: { name: 'Partner Admin', scope: 'partner', isSystem: true } });
    expect(membership.user.status).toBe('active');
    expect(await db.pendingRegistration.count({ where: { id: parked.id } })).toBe(0);
    expect(await db.auditLog.count({ where: { action: 'partner.registered', partnerId: partner.id } })).toBe(1);

    // The new admin is signed in, has no organizations yet, and creates the first one.
    const accessToken = verified.body.tokens.accessToken;
    const me = await api.get('/users/me', { token: accessToken });
    expect(me.body).toMatchObject({ scope: 'partner', partner: { id: partner.id }, role: { name: 'Partner Admin' } });
    expect((await api.get('/orgs/organizations', { token: accessToken })).body.pagination.total).toBe(0);
    // Creating a customer is tenancy-mutating: the fresh session must complete MFA first.
    const bare = await api.post('/orgs/organizations', { token: accessToken, body: { name: 'First Customer' } });
    expect(bare.body.error.code).toBe('MFA_REQUIRED');
    const org = await api.post('/orgs/organizations', { token: await tokenFor({ id: me.body.id }, { mfa: true }), body: { name: 'First Customer' } });
    expect(org.status).toBe(201);
    // The refresh cookie works as a session.
    const refreshed = await api.post('/auth/refresh', { headers: { cookie: cookie.split(';')[0] }, body: {} });
    expect(refreshed.status).toBe(200);
    // And the password chosen at registration signs in.
    const login = await api.post('/auth/login', { body: { email: 'owner@northwind.example', password: STRONG } });
    expect(login.status).toBe(200);
  });

  it('answers one identical 400 for unknown, reused and expired tokens', async () => {
    const { token } = await registerAndGetToken();
    const first = await api.post('/auth/verify-email', { body: { token }, ip: nextIp() });
    expect(first.status).toBe(200);
    const reused = await api.post('/auth/verify-email', { body: { token }, ip: nextIp() });
    const unknown = await api.post('/auth/verify-email', { body: { token: 'not-a-real-token' }, ip: nextIp() });
    const expiring = await registerAndGetToken();
    await db.pendingRegistration.updateMany({ where: { tokenHash: sha256Hex(expiring.token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await api.post('/auth/verify-email', { body: { token: expiring.token }, ip: nextIp() });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('INVALID_VERIFICATION_TOKEN');
    expect(unknown.text).toBe(reused.text);
    expect(expired.text).toBe(reused.text);
    expect(await db.user.count({ where: { email: expiring.body.email } })).toBe(0);
    expect(reused.headers.get('set-cookie')).toBeNull();
  });

  it('gives an address that already has an account the same answer and the same work, and never creates a second account', async () => {
    const existing = await makePartnerUser(await makePartner(), { email: `taken-${Date.now()}@example.test` });
    const jobsBefore = await pendingJobCount('send_email');
    const fresh = await api.post('/auth/register-partner', { body: partnerBody(), ip: nextIp() });
    const taken = await api.post('/auth/register-partner', { body: partnerBody({ email: existing.email.toUpperCase() }), ip: nextIp() });
    expect(taken.status).toBe(200);
    expect(taken.text).toBe(fresh.text);
    expect(taken.headers.get('content-type')).toBe(fresh.headers.get('content-type'));
    // Both paths parked a registration and queued an email: no lookup, no difference.
    expect(await pendingJobCount('send_email')).toBe(jobsBefore + 2);
    expect(await db.pendingRegistration.count({ where: { email: existing.email } })).toBe(1);

    const partners = await db.partner.count();
    const { token } = await tokenFromEmail(existing.email);
    const res = await api.post('/auth/verify-email', { body: { token }, ip: nextIp() });
    const unknown = await api.post('/auth/verify-email', { body: { token: 'no-such-token' }, ip: nextIp() });
    expect(res.status).toBe(400);
    expect(res.text).toBe(unknown.text);
    expect(await db.partner.count()).toBe(partners);
    expect(await db.user.count({ where: { email: existing.email } })).toBe(1);
  });

  it('refuses the second of two registrations of one address once the first is verified', async () => {
    const email = `twice-${Date.now()}@example.test`;
    const a = await registerAndGetToken(partnerBody({ email, companyName: 'First Co' }));
    await api.post('/auth/register-partner', { body: partnerBody({ email, companyName: 'Second Co' }), ip: nextIp() });
    await runDueJobs();
    const second = await db.pendingRegistration.findFirstOrThrow({ where: { email, companyName: 'Second Co' } });
    expect((await api.post('/auth/verify-email', { body: { token: a.token }, ip: nextIp() })).status).toBe(200);
    // The second link's token is only in the email; find it by its stored hash.
    const mails = smtp.messages.filter((m) => m.subject?.includes('Second Co'));
    const token = mails.map((m) => new URL(/http:\/\/\S+/.exec(m.text ?? '')![0]).searchParams.get('token')!).find((t) => sha256Hex(t) === second.tokenHash)!;
    const partners = await db.partner.count();
    const res = await api.post('/auth/verify-email', { body: { token }, ip: nextIp() });
    expect(res.status).toBe(400);
    expect(res.text).toBe((await api.post('/auth/verify-email', { body: { token: 'x' }, ip: nextIp() })).text);
    expect(await db.partner.count()).toBe(partners);
    expect(await db.partner.count({ where: { name: 'Second Co' } })).toBe(0);
  });

  it('validates input and returns the first strength failure for a weak password; nothing is parked', async () => {
    const before = await db.pendingRegistration.count();
    const cases: [Record<string, unknown>, RegExp][] = [
      [partnerBody({ companyName: 'A' }), /companyName/],
      [partnerBody({ companyName: 'x'.repeat(256) }), /companyName/],
      [partnerBody({ name: '' }), /name/],
      [partnerBody({ name: 'n'.repeat(256) }), /name/],
      [partnerBody({ email: 'not-an-email' }), /email/],
      [partnerBody({ password: 'Ab1!xyz' }), /password/],
      [partnerBody({ acceptTerms: false }), /acceptTerms/],
      [(({ acceptTerms: _a, ...rest }) => rest)(partnerBody()), /acceptTerms/],
      [(({ companyName: _c, ...rest }) => rest)(partnerBody()), /companyName/],
      [(({ password: _p, ...rest }) => rest)(partnerBody()), /password/],
    ];
    for (const [body, path] of cases) {
      const res = await api.post('/auth/register-partner', { body, ip: nextIp() });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details[0].path).toMatch(path);
    }
    for (const password of ['abcdefghij', 'password123', 'Password1']) {
      const res = await api.post('/auth/register-partner', { body: partnerBody({ password }), ip: nextIp() });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(passwordProblems(password)[0]);
      expect(res.body.error.details[0]).toMatchObject({ path: 'body.password', code: 'weak_password' });
    }
    const terms = await api.post('/auth/register-partner', { body: partnerBody({ acceptTerms: false }), ip: nextIp() });
    expect(terms.body.error.message).toContain('You must accept the terms of service');
    expect(await db.pendingRegistration.count()).toBe(before);
  });
});

describe('partner slug (rule 3)', () => {
  async function verifyCompany(companyName: string) {
    const { token } = await registerAndGetToken(partnerBody({ companyName }));
    return api.post('/auth/verify-email', { body: { token }, ip: nextIp() });
  }

  it('lowercases, hyphenates and cuts to 50 characters; collisions get -1, -2', async () => {
    expect((await verifyCompany('Blue Sky  IT & Co.')).body.partner.slug).toBe('blue-sky-it-co');
    expect((await verifyCompany('blue sky it co')).body.partner.slug).toBe('blue-sky-it-co-1');
    expect((await verifyCompany('BLUE-SKY-IT-CO')).body.partner.slug).toBe('blue-sky-it-co-2');
    const long = `${'Very Long Company Name '.repeat(4)}Ltd`;
    const slug = (await verifyCompany(long)).body.partner.slug as string;
    expect(slug.length).toBeLessThanOrEqual(50);
    expect(slug).toBe('very-long-company-name-very-long-company-name-very');
  });

  it('uses suffixes up to -100, then fails with 500 and creates nothing', async () => {
    const base = `crowded-${Date.now()}`;
    await db.partner.createMany({ data: [base, ...Array.from({ length: 99 }, (_, i) => `${base}-${i + 1}`)].map((slug) => ({ name: slug, slug })) });
    expect((await verifyCompany(base)).body.partner.slug).toBe(`${base}-100`);

    const users = await db.user.count();
    const partners = await db.partner.count();
    const { token, body } = await registerAndGetToken(partnerBody({ companyName: base }));
    const res = await api.post('/auth/verify-email', { body: { token }, ip: nextIp() });
    expect(res.status).toBe(500);
    expect(res.body.error.message).toBe('Unable to generate unique company identifier');
    // One transaction: the user created before the slug was chosen is gone again.
    expect(await db.user.count()).toBe(users);
    expect(await db.partner.count()).toBe(partners);
    expect(await db.pendingRegistration.count({ where: { email: body.email } })).toBe(1);
  });
});

describe('one transaction (rule 4 has nothing to clean up)', () => {
  it('leaves no partner, role or user behind when a later insert fails', async () => {
    const { token, body } = await registerAndGetToken(partnerBody({ companyName: 'Doomed Co' }));
    await db.$executeRawUnsafe(`create function fail_membership() returns trigger language plpgsql as $$ begin raise exception 'membership insert failed'; end $$`);
    await db.$executeRawUnsafe(`create trigger fail_membership before insert on partner_users for each row execute function fail_membership()`);
    try {
      const res = await api.post('/auth/verify-email', { body: { token }, ip: nextIp() });
      expect(res.status).toBe(500);
      expect(await db.partner.count({ where: { name: 'Doomed Co' } })).toBe(0);
      expect(await db.role.count({ where: { partner: { name: 'Doomed Co' } } })).toBe(0);
      expect(await db.user.count({ where: { email: body.email } })).toBe(0);
    } finally {
      await db.$executeRawUnsafe('drop trigger fail_membership on partner_users');
      await db.$executeRawUnsafe('drop function fail_membership()');
    }
    // The token was not spent by the failed attempt.
    expect((await api.post('/auth/verify-email', { body: { token }, ip: nextIp() })).status).toBe(200);
  });
});

describe('POST /auth/register (ordinary user)', () => {
  it('verifies into an active account without a tenant, which cannot sign in until invited', async () => {
    const email = `solo-${Date.now()}@example.test`;
    const res = await api.post('/auth/register', { body: { name: 'Sam Solo', email, password: STRONG, acceptTerms: true }, ip: nextIp() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(REGISTRATION_ACCEPTED);
    const { token, subject } = await tokenFromEmail(email);
    expect(subject).toBe('Confirm your email address');
    const verified = await api.post('/auth/verify-email', { body: { token }, ip: nextIp() });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ verified: true, user: { email, name: 'Sam Solo', mfaEnabled: false }, partner: null, tokens: null, mfaRequired: false });
    expect(verified.headers.get('set-cookie')).toBeNull();
    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { partnerMembership: true, organizationMembership: true } });
    expect(user).toMatchObject({ status: 'active', isPlatformAdmin: false, partnerMembership: null, organizationMembership: null });

    const login = await api.post('/auth/login', { body: { email, password: STRONG }, ip: nextIp() });
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe('NO_TENANT_ACCESS');
    const wrong = await api.post('/auth/login', { body: { email, password: 'Wrong-Password-1' }, ip: nextIp() });
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
    // A later partner registration of the same address is refused at verify.
    const again = await registerAndGetToken(partnerBody({ email }));
    expect((await api.post('/auth/verify-email', { body: { token: again.token }, ip: nextIp() })).status).toBe(400);
  });

  it('validates like the partner form', async () => {
    const weak = await api.post('/auth/register', { body: { name: 'Sam', email: 'weak@example.test', password: 'abcdefghij', acceptTerms: true }, ip: nextIp() });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toBe(passwordProblems('abcdefghij')[0]);
    const terms = await api.post('/auth/register', { body: { name: 'Sam', email: 'terms@example.test', password: STRONG }, ip: nextIp() });
    expect(terms.status).toBe(400);
  });
});

describe('expired registrations', () => {
  it('are pruned by the hourly job', async () => {
    const { body } = await registerAndGetToken();
    await db.pendingRegistration.updateMany({ where: { email: body.email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const { prunePendingRegistrations } = await import('@/lib/registration/prune-pending-registrations');
    expect(await prunePendingRegistrations()).toBeGreaterThanOrEqual(1);
    expect(await db.pendingRegistration.count({ where: { email: body.email } })).toBe(0);
  });
});
