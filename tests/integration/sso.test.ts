// Single sign-on against a real OpenID Connect provider (oidc-provider on a loopback port): the
// whole authorization-code flow, just-in-time users and role mapping, linking by verified
// address only, every ID-token defect refused, state handling, enforce-SSO and the MFA setting.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, PASSWORD, tokenFor } from '../helpers/factories';
import { callCallback, followToCallback, ssoSignIn } from '../helpers/sso';
import { resetEnvCache } from '@/lib/env';
import { db } from '@/lib/db';
import { sha256Hex } from '@/lib/auth/secrets';
import { startOidcIdp, startTamperingFront, type IdpAccount, type OidcIdp, type TamperingFront } from '../../sandbox/oidc-idp/server';

const CALLBACK = 'http://localhost:3000/api/v1/sso/callback';
const uniq = () => randomBytes(4).toString('hex');
const account = (over: Partial<IdpAccount> = {}): IdpAccount => {
  const id = uniq();
  return { sub: `sub-${id}`, email: `person-${id}@acme-sso.test`, name: `Person ${id}`, groups: [], ...over };
};

let idp: OidcIdp;
let front: TamperingFront;
let partner: Awaited<ReturnType<typeof makePartner>>;
let org: Awaited<ReturnType<typeof makeOrg>>;
let admin: string;
let adminNoMfa: string;
let outsider: string;
let orgAdmin: string;
let partnerProviderId: string;
let orgProviderId: string;

const providerBody = (over: Record<string, unknown> = {}) => ({
  preset: 'oidc',
  name: 'Acme IdP',
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  ...over,
});

beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  resetEnvCache();
  idp = await startOidcIdp({ redirectUris: [CALLBACK] });
  front = await startTamperingFront(idp);
  partner = await makePartner();
  org = await makeOrg(partner.id);
  const adminUser = await makePartnerUser(partner);
  admin = await tokenFor(adminUser, { mfa: true });
  adminNoMfa = await tokenFor(adminUser);
  outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
  orgAdmin = await tokenFor(await makeOrgUser(partner, org), { mfa: true });
});

afterAll(async () => {
  await Promise.all([idp?.close(), front?.close()]);
  delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
  resetEnvCache();
});

describe('SSO providers', () => {
  it('lists the four presets', async () => {
    const res = await api.get('/sso/presets', { token: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual(['entra_id', 'google_workspace', 'okta', 'oidc']);
  });

  it('creates a partner-wide provider with its secret sealed, one per slot, MFA-gated', async () => {
    expect((await api.post('/sso/providers', { token: adminNoMfa, body: providerBody() })).status).toBe(403);
    const res = await api.post('/sso/providers', {
      token: admin,
      body: providerBody({
        emailDomains: ['acme-sso.test'],
        roleMappings: [{ group: 'rmm-techs', roleId: partner.roles.Technician }],
        defaultRoleId: partner.roles['Read Only'],
      }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ orgId: null, partnerId: partner.id, clientSecretSet: true, scopes: ['openid', 'email', 'profile'], redirectUri: CALLBACK, enforceSso: false, trustIdpMfa: false });
    expect(res.text).not.toContain(idp.clientSecret);
    partnerProviderId = res.body.id;
    const row = await db.ssoProvider.findUniqueOrThrow({ where: { id: partnerProviderId } });
    expect(row.clientSecretSealed).not.toContain(idp.clientSecret);
    const again = await api.post('/sso/providers', { token: admin, body: providerBody() });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('SSO_PROVIDER_EXISTS');
    const audit = await db.auditLog.findFirst({ where: { action: 'sso_provider.created', targetId: partnerProviderId } });
    expect(JSON.stringify(audit?.details)).not.toContain(idp.clientSecret);
  });

  it('refuses roles of the wrong level, claimed domains and unsafe issuers', async () => {
    const wrongRole = await api.post('/sso/providers', { token: admin, body: providerBody({ orgId: org.id, defaultRoleId: partner.roles.Technician }) });
    expect(wrongRole.status, wrongRole.text).toBe(400);
    const claimed = await api.post('/sso/providers', { token: admin, body: providerBody({ orgId: org.id, emailDomains: ['acme-sso.test'] }) });
    expect(claimed.status).toBe(409);
    expect(claimed.body.error.code).toBe('EMAIL_DOMAIN_CLAIMED');
    const metadata = await api.post('/sso/providers', { token: admin, body: providerBody({ orgId: org.id, issuer: 'http://169.254.169.254/latest' }) });
    expect(metadata.status).toBe(400);
    expect(await db.ssoProvider.count({ where: { orgId: org.id } })).toBe(0);
  });

  it('creates the organization provider through the tampering front', async () => {
    const res = await api.post('/sso/providers', {
      token: admin,
      body: providerBody({ orgId: org.id, name: 'Customer IdP', issuer: front.issuer, defaultRoleId: partner.roles['Organization User'] }),
    });
    expect(res.status, res.text).toBe(201);
    orgProviderId = res.body.id;
  });

  it('tests the connection on request', async () => {
    const res = await api.get(`/sso/providers/${partnerProviderId}`, { token: admin, query: { test: 'true' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.test).toEqual({ ok: true, issuer: idp.issuer, keys: 1, error: null });
  });

  it('hides providers from other tenants and the partner-wide one from organization users', async () => {
    for (const [method, body] of [['get', undefined], ['patch', { name: 'Stolen' }], ['delete', undefined]] as const) {
      const res = await api[method](`/sso/providers/${partnerProviderId}`, { token: outsider, body });
      expect(res.status, `${method} ${res.text}`).toBe(404);
    }
    expect((await api.get('/sso/providers', { token: outsider })).body.data).toEqual([]);
    expect((await api.get(`/sso/providers/${partnerProviderId}`, { token: orgAdmin })).status).toBe(404);
    const own = await api.get('/sso/providers', { token: orgAdmin });
    expect(own.body.data.map((p: { id: string }) => p.id)).toEqual([orgProviderId]);
    expect((await db.ssoProvider.findUniqueOrThrow({ where: { id: partnerProviderId } })).name).toBe('Acme IdP');
  });

  it('says where SSO is available: by partner, organization, email domain', async () => {
    const byPartner = await api.get(`/sso/check/${partner.id}`);
    expect(byPartner.body).toMatchObject({ available: true, tenantId: partner.id, providerName: 'Acme IdP', enforced: false });
    expect((await api.get(`/sso/check/${org.id}`)).body).toMatchObject({ available: true, tenantId: org.id, providerName: 'Customer IdP' });
    expect((await api.get('/sso/check/someone@acme-sso.test')).body).toMatchObject({ available: true, tenantId: partner.id });
    const unknown = await api.get(`/sso/check/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ available: false, tenantId: null, providerName: null, enforced: false, loginUrl: null });
    expect((await api.get(`/sso/login/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe('SSO sign-in', () => {
  it('creates a user just in time with the role its group maps to, then exchanges once', async () => {
    const person = account({ groups: ['staff', 'rmm-techs'] });
    idp.nextLogin(person);
    const attempt = await ssoSignIn(partner.id, { returnTo: '/devices' });
    expect(attempt.error, attempt.location.href).toBeNull();
    expect(attempt.location.pathname).toBe('/login/sso');
    expect(attempt.location.searchParams.get('returnTo')).toBe('/devices');
    const user = await db.user.findUniqueOrThrow({ where: { email: person.email }, include: { partnerMembership: true } });
    expect(user.passwordHash).toBeNull();
    expect(user.partnerMembership).toMatchObject({ partnerId: partner.id, roleId: partner.roles.Technician });

    const exchanged = await api.post('/sso/exchange', { body: { code: attempt.code } });
    expect(exchanged.status, exchanged.text).toBe(200);
    expect(exchanged.body).toMatchObject({ mfaRequired: false, user: { id: user.id, email: person.email, scope: 'partner', roleId: partner.roles.Technician } });
    expect(exchanged.headers.get('set-cookie')).toContain('rmm_refresh=');
    const me = await api.get('/users/me', { token: exchanged.body.accessToken });
    expect(me.status, me.text).toBe(200);
    expect((await api.post('/sso/exchange', { body: { code: attempt.code } })).status).toBe(401);
    expect(await db.auditLog.count({ where: { action: 'user.login', targetId: user.id } })).toBe(1);

    // The same subject again: the same user, found by its identity link.
    idp.nextLogin({ ...person, email: `renamed-${person.email}` });
    const again = await ssoSignIn(partner.id);
    expect(again.error).toBeNull();
    const second = await api.post('/sso/exchange', { body: { code: again.code } });
    expect(second.body.user.id).toBe(user.id);
  });

  it('gives the default role when no group matches, and refuses when there is none', async () => {
    const person = account({ groups: ['unmapped'] });
    idp.nextLogin(person);
    expect((await ssoSignIn(partner.id)).error).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { email: person.email }, include: { partnerMembership: true } })).partnerMembership?.roleId).toBe(partner.roles['Read Only']);

    await db.ssoProvider.update({ where: { id: partnerProviderId }, data: { defaultRoleId: null } });
    const stranger = account({ groups: ['unmapped'] });
    idp.nextLogin(stranger);
    expect((await ssoSignIn(partner.id)).error).toBe('SSO_NO_ROLE');
    expect(await db.user.count({ where: { email: stranger.email } })).toBe(0);
    await db.ssoProvider.update({ where: { id: partnerProviderId }, data: { defaultRoleId: partner.roles['Read Only'] } });
  });

  it('links an existing member only by a verified address', async () => {
    const email = `existing-${uniq()}@elsewhere.test`;
    const member = await makePartnerUser(partner, { email, role: 'Technician' });
    idp.nextLogin(account({ email, emailVerified: false }));
    expect((await ssoSignIn(partner.id)).error).toBe('SSO_EMAIL_UNVERIFIED');
    expect(await db.ssoIdentity.count({ where: { userId: member.id } })).toBe(0);

    idp.nextLogin(account({ email, emailVerified: true, groups: ['rmm-techs'] }));
    const linked = await ssoSignIn(partner.id);
    expect(linked.error).toBeNull();
    const res = await api.post('/sso/exchange', { body: { code: linked.code } });
    expect(res.body.user.id).toBe(member.id);
    expect(await db.auditLog.count({ where: { action: 'sso.identity_linked', targetId: member.id } })).toBe(1);
  });

  it('never takes over an account of another tenant', async () => {
    const otherPartner = await makePartner();
    const email = `theirs-${uniq()}@elsewhere.test`;
    const theirs = await makePartnerUser(otherPartner, { email });
    idp.nextLogin(account({ email, emailVerified: true, groups: ['rmm-techs'] }));
    expect((await ssoSignIn(partner.id)).error).toBe('SSO_ACCOUNT_CONFLICT');
    const after = await db.user.findUniqueOrThrow({ where: { id: theirs.id }, include: { partnerMembership: true } });
    expect(after.partnerMembership?.partnerId).toBe(otherPartner.id);
    expect(await db.ssoIdentity.count({ where: { userId: theirs.id } })).toBe(0);
  });

  it('refuses an unverified address outside the listed domains', async () => {
    const person = account({ email: `someone-${uniq()}@unlisted.test`, emailVerified: false });
    idp.nextLogin(person);
    expect((await ssoSignIn(partner.id)).error).toBe('SSO_EMAIL_UNVERIFIED');
    expect(await db.user.count({ where: { email: person.email } })).toBe(0);
  });

  it('refuses an unknown, replayed or expired state', async () => {
    expect((await callCallback('?state=made-up&code=whatever')).error).toBe('SSO_STATE_INVALID');

    idp.nextLogin(account({ groups: ['rmm-techs'] }));
    const first = await ssoSignIn(partner.id);
    expect(first.error).toBeNull();
    expect((await callCallback(first.query)).error).toBe('SSO_STATE_INVALID');

    const start = await api.get(`/sso/login/${partner.id}`);
    idp.nextLogin(account({ groups: ['rmm-techs'] }));
    const back = await followToCallback(start.headers.get('location')!);
    const state = back.searchParams.get('state')!;
    await db.ssoLoginState.update({ where: { stateHash: sha256Hex(state) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await callCallback(back.search)).error).toBe('SSO_STATE_INVALID');
  });

  it('refuses a code issued to another sign-in', async () => {
    const a = await api.get(`/sso/login/${partner.id}`);
    idp.nextLogin(account({ groups: ['rmm-techs'] }));
    const backA = await followToCallback(a.headers.get('location')!);
    const b = await api.get(`/sso/login/${partner.id}`);
    idp.nextLogin(account({ groups: ['rmm-techs'] }));
    const backB = await followToCallback(b.headers.get('location')!);
    // B's state with A's code: the PKCE verifier of B does not match the challenge A's code was issued for.
    backB.searchParams.set('code', backA.searchParams.get('code')!);
    expect((await callCallback(backB.search)).error).toBe('SSO_TOKEN_INVALID');
  });

  it('refuses every ID-token defect and accepts the untouched token', async () => {
    front.mode = 'none';
    const good = account();
    idp.nextLogin(good);
    const ok = await ssoSignIn(org.id, { dropIss: true });
    expect(ok.error, ok.location.href).toBeNull();
    const created = await db.user.findUniqueOrThrow({ where: { email: good.email }, include: { organizationMembership: true } });
    expect(created.organizationMembership).toMatchObject({ orgId: org.id, roleId: partner.roles['Organization User'] });

    for (const mode of ['issuer', 'audience', 'signature', 'nonce', 'expired'] as const) {
      front.mode = mode;
      const person = account();
      idp.nextLogin(person);
      const attempt = await ssoSignIn(org.id, { dropIss: true });
      expect(attempt.error, mode).toBe('SSO_TOKEN_INVALID');
      expect(await db.user.count({ where: { email: person.email } }), mode).toBe(0);
    }
    front.mode = 'none';
    const reasons = await db.auditLog.findMany({ where: { action: 'sso.login_failed', targetId: orgProviderId }, orderBy: { createdAt: 'asc' } });
    expect(reasons.length).toBeGreaterThanOrEqual(5);
  });

  it('satisfies the MFA gate only when the provider trusts the IdP and amr names a second factor', async () => {
    const person = account({ groups: ['rmm-techs'], amr: ['pwd', 'mfa'] });
    idp.nextLogin(person);
    const untrusted = await api.post('/sso/exchange', { body: { code: (await ssoSignIn(partner.id)).code } });
    expect((await db.session.findFirstOrThrow({ where: { userId: untrusted.body.user.id }, orderBy: { createdAt: 'desc' } })).mfa).toBe(false);

    const patch = await api.patch(`/sso/providers/${partnerProviderId}`, { token: admin, body: { trustIdpMfa: true } });
    expect(patch.status, patch.text).toBe(200);
    idp.nextLogin(person);
    const trusted = await api.post('/sso/exchange', { body: { code: (await ssoSignIn(partner.id)).code } });
    expect(trusted.body.mfaRequired).toBe(false);
    expect((await db.session.findFirstOrThrow({ where: { userId: trusted.body.user.id }, orderBy: { createdAt: 'desc' } })).mfa).toBe(true);

    idp.nextLogin({ ...person, amr: ['pwd'] });
    const single = await api.post('/sso/exchange', { body: { code: (await ssoSignIn(partner.id)).code } });
    expect((await db.session.findFirstOrThrow({ where: { userId: single.body.user.id }, orderBy: { createdAt: 'desc' } })).mfa).toBe(false);
    await api.patch(`/sso/providers/${partnerProviderId}`, { token: admin, body: { trustIdpMfa: false } });
  });

  it('enforce SSO refuses password sign-in for the partner’s staff only', async () => {
    const staff = await makePartnerUser(partner, { role: 'Technician' });
    const customer = await makeOrgUser(partner, (await makeOrg(partner.id)));
    const login = (email: string) => api.post('/auth/login', { body: { email, password: PASSWORD } });
    expect((await login(staff.email)).status).toBe(200);

    expect((await api.patch(`/sso/providers/${partnerProviderId}`, { token: admin, body: { enforceSso: true } })).status).toBe(200);
    const refused = await login(staff.email);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error.code).toBe('SSO_REQUIRED');
    const wrongPassword = await api.post('/auth/login', { body: { email: staff.email, password: 'not-the-password' } });
    expect(wrongPassword.status).toBe(401);
    expect((await login(customer.email)).status).toBe(200);
    expect((await api.get(`/sso/check/${partner.id}`)).body.enforced).toBe(true);
    expect(await db.auditLog.count({ where: { action: 'user.login_failed', targetId: staff.id, result: 'denied' } })).toBe(1);

    await api.patch(`/sso/providers/${partnerProviderId}`, { token: admin, body: { enforceSso: false } });
    expect((await login(staff.email)).status).toBe(200);
  });

  it('a disabled or deleted provider offers nothing', async () => {
    await api.patch(`/sso/providers/${orgProviderId}`, { token: admin, body: { enabled: false } });
    // The organization falls back to its partner's provider.
    expect((await api.get(`/sso/check/${org.id}`)).body).toMatchObject({ available: true, providerName: 'Acme IdP' });
    const del = await api.delete(`/sso/providers/${orgProviderId}`, { token: orgAdmin });
    expect(del.status, del.text).toBe(204);
    expect(await db.ssoProvider.count({ where: { id: orgProviderId } })).toBe(0);
    expect(await db.auditLog.count({ where: { action: 'sso_provider.deleted', targetId: orgProviderId } })).toBe(1);
  });
});
