// Single sign-on against a real OpenID Connect provider (oidc-provider on a loopback port): the
// whole authorization-code flow, just-in-time users and role mapping, linking by verified
// address only, every ID-token defect refused, state handling, enforce-SSO and the MFA setting.
// Email-domain ownership is proven against a real DNS server on a loopback port.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makePlatformAdmin, PASSWORD, tokenFor } from '../helpers/factories';
import { callCallback, followToCallback, ssoSignIn } from '../helpers/sso';
import { resetEnvCache } from '@/lib/env';
import { db } from '@/lib/db';
import { sha256Hex } from '@/lib/auth/secrets';
import { startOidcIdp, startTamperingFront, type IdpAccount, type OidcIdp, type TamperingFront } from '../../sandbox/oidc-idp/server';
import { startTestDnsServer, type TestDnsServer } from '../../sandbox/dns/server';

const CALLBACK = 'http://localhost:3000/api/v1/sso/callback';
const uniq = () => randomBytes(4).toString('hex');
const account = (over: Partial<IdpAccount> = {}): IdpAccount => {
  const id = uniq();
  return { sub: `sub-${id}`, email: `person-${id}@acme-sso.test`, name: `Person ${id}`, groups: [], ...over };
};

let idp: OidcIdp;
let dns: TestDnsServer;
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
  dns = await startTestDnsServer();
  process.env.SSO_DNS_SERVERS = dns.address;
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
  await Promise.all([idp?.close(), front?.close(), dns?.close()]);
  delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
  delete process.env.SSO_DNS_SERVERS;
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
    expect(res.body.emailDomains).toEqual(['acme-sso.test']);
    expect(res.body.domains).toEqual([
      {
        domain: 'acme-sso.test',
        status: 'pending',
        verifiedAt: null,
        lastCheckedAt: null,
        lastCheckError: null,
        txtRecord: { name: '_rmm-sso.acme-sso.test', value: expect.stringMatching(/^rmm-sso-verification=[0-9a-f]{48}$/) },
      },
    ]);
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

  it('verifies domain ownership through a DNS TXT record', async () => {
    const verify = (domain: string, token = admin, id = partnerProviderId) => api.post(`/sso/providers/${id}/domains/${domain}/verify`, { token });
    const record = (await api.get(`/sso/providers/${partnerProviderId}`, { token: admin })).body.domains[0].txtRecord;
    // Pending: the login page does not route the domain yet.
    expect((await api.get('/sso/check/someone@acme-sso.test')).body.available).toBe(false);

    expect((await verify('acme-sso.test', adminNoMfa)).status).toBe(403);
    expect((await verify('acme-sso.test', outsider)).status).toBe(404);
    expect((await verify('not-claimed.test')).status).toBe(404);
    expect((await verify('not_a_domain')).status).toBe(404);

    const nx = await verify('acme-sso.test');
    expect(nx.status, nx.text).toBe(422);
    expect(nx.body.error.code).toBe('DOMAIN_NOT_VERIFIED');
    expect(nx.body.error.details).toMatchObject({ domain: 'acme-sso.test', txtRecord: record });
    expect(nx.body.error.details.reason).toMatch(/does not exist/);

    dns.setTxt(record.name, ['v=spf1 -all', 'rmm-sso-verification=0000']);
    const wrong = await verify('acme-sso.test');
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.details.reason).toMatch(/token does not match/);
    const pending = (await api.get(`/sso/providers/${partnerProviderId}`, { token: admin })).body.domains[0];
    expect(pending).toMatchObject({ status: 'pending', verifiedAt: null, lastCheckError: expect.stringMatching(/token does not match/) });
    expect(pending.lastCheckedAt).not.toBeNull();

    dns.setTxt(record.name, ['v=spf1 -all', record.value]);
    const ok = await verify('acme-sso.test');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ domain: 'acme-sso.test', status: 'verified', lastCheckError: null });
    expect(dns.queries).toContain('_rmm-sso.acme-sso.test 16');
    expect(await db.auditLog.count({ where: { action: 'sso_domain.verified', targetId: partnerProviderId } })).toBe(1);
    expect(await db.auditLog.count({ where: { action: 'sso_domain.verification_failed', targetId: partnerProviderId } })).toBe(2);
    // Verified stays verified, even when the list is edited around it.
    expect((await verify('acme-sso.test')).body.status).toBe('verified');
    const patched = await api.patch(`/sso/providers/${partnerProviderId}`, { token: admin, body: { emailDomains: ['acme-sso.test', 'pending-sso.test'] } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.domains.map((d: { domain: string; status: string }) => `${d.domain}:${d.status}`)).toEqual(['acme-sso.test:verified', 'pending-sso.test:pending']);
  });

  it('lets one partner only verify a domain, and pending claims block nobody', async () => {
    const rival = await makePartner();
    const rivalAdmin = await tokenFor(await makePartnerUser(rival), { mfa: true });
    const contested = `contested-${uniq()}.test`;
    // Both claim it while it is pending: neither blocks the other.
    const theirs = await api.post('/sso/providers', { token: rivalAdmin, body: providerBody({ name: 'Rival IdP', emailDomains: [contested] }) });
    expect(theirs.status, theirs.text).toBe(201);
    const ours = await api.patch(`/sso/providers/${partnerProviderId}`, { token: admin, body: { emailDomains: ['acme-sso.test', 'pending-sso.test', contested] } });
    expect(ours.status, ours.text).toBe(200);
    const ourRecord = ours.body.domains.find((d: { domain: string }) => d.domain === contested).txtRecord;
    const theirRecord = theirs.body.domains[0].txtRecord;
    expect(theirRecord.value).not.toBe(ourRecord.value);

    dns.setTxt(ourRecord.name, [ourRecord.value]);
    expect((await api.post(`/sso/providers/${partnerProviderId}/domains/${contested}/verify`, { token: admin })).status).toBe(200);
    // The rival publishes its own token too: still refused, the domain has an owner.
    dns.setTxt(ourRecord.name, [ourRecord.value, theirRecord.value]);
    const refused = await api.post(`/sso/providers/${theirs.body.id}/domains/${contested}/verify`, { token: rivalAdmin });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.code).toBe('DOMAIN_ALREADY_VERIFIED');
    expect((await db.ssoDomain.findFirstOrThrow({ where: { providerId: theirs.body.id } })).status).toBe('pending');
    // A newcomer cannot even claim a verified domain.
    const third = await api.patch(`/sso/providers/${theirs.body.id}`, { token: rivalAdmin, body: { emailDomains: [contested, `other-${uniq()}.test`] } });
    expect(third.status).toBe(200);
    const late = await api.post('/sso/providers', { token: await tokenFor(await makePartnerUser(await makePartner()), { mfa: true }), body: providerBody({ emailDomains: [contested] }) });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('EMAIL_DOMAIN_CLAIMED');
    expect((await api.get(`/sso/check/someone@${contested}`)).body).toMatchObject({ available: true, tenantId: partner.id });
    await api.patch(`/sso/providers/${partnerProviderId}`, { token: admin, body: { emailDomains: ['acme-sso.test', 'pending-sso.test'] } });
  });

  it('says where SSO is available: by partner, organization, email domain', async () => {
    const byPartner = await api.get(`/sso/check/${partner.id}`);
    expect(byPartner.body).toMatchObject({ available: true, tenantId: partner.id, providerName: 'Acme IdP', enforced: false });
    expect((await api.get(`/sso/check/${org.id}`)).body).toMatchObject({ available: true, tenantId: org.id, providerName: 'Customer IdP' });
    expect((await api.get('/sso/check/someone@acme-sso.test')).body).toMatchObject({ available: true, tenantId: partner.id });
    expect((await api.get('/sso/check/pending-sso.test')).body.available).toBe(false);
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

  it('links an existing member only by a verified address in a verified domain', async () => {
    const email = `existing-${uniq()}@acme-sso.test`;
    const member = await makePartnerUser(partner, { email, role: 'Technician' });
    idp.nextLogin(account({ email, emailVerified: false }));
    expect((await ssoSignIn(partner.id)).error).toBe('SSO_EMAIL_UNVERIFIED');
    expect(await db.ssoIdentity.count({ where: { userId: member.id } })).toBe(0);

    // The IdP's word alone is not enough where the partner has not proven the domain.
    for (const domain of ['elsewhere.test', 'pending-sso.test']) {
      const outside = await makePartnerUser(partner, { email: `existing-${uniq()}@${domain}`, role: 'Technician' });
      idp.nextLogin(account({ email: outside.email, emailVerified: true, groups: ['rmm-techs'] }));
      expect((await ssoSignIn(partner.id)).error, domain).toBe('SSO_DOMAIN_UNVERIFIED');
      expect(await db.ssoIdentity.count({ where: { userId: outside.id } })).toBe(0);
    }

    idp.nextLogin(account({ email, emailVerified: true, groups: ['rmm-techs'] }));
    const linked = await ssoSignIn(partner.id);
    expect(linked.error).toBeNull();
    const res = await api.post('/sso/exchange', { body: { code: linked.code } });
    expect(res.body.user.id).toBe(member.id);
    expect(await db.auditLog.count({ where: { action: 'sso.identity_linked', targetId: member.id } })).toBe(1);
  });

  it('never takes over an account of another tenant', async () => {
    const otherPartner = await makePartner();
    const email = `theirs-${uniq()}@acme-sso.test`;
    const theirs = await makePartnerUser(otherPartner, { email });
    idp.nextLogin(account({ email, emailVerified: true, groups: ['rmm-techs'] }));
    expect((await ssoSignIn(partner.id)).error).toBe('SSO_ACCOUNT_CONFLICT');
    const after = await db.user.findUniqueOrThrow({ where: { id: theirs.id }, include: { partnerMembership: true } });
    expect(after.partnerMembership?.partnerId).toBe(otherPartner.id);
    expect(await db.ssoIdentity.count({ where: { userId: theirs.id } })).toBe(0);
  });

  it('creates a user the IdP did not verify only in a verified domain', async () => {
    for (const domain of ['unlisted.test', 'pending-sso.test']) {
      const person = account({ email: `someone-${uniq()}@${domain}`, emailVerified: false });
      idp.nextLogin(person);
      expect((await ssoSignIn(partner.id)).error, domain).toBe('SSO_EMAIL_UNVERIFIED');
      expect(await db.user.count({ where: { email: person.email } })).toBe(0);
    }
    const person = account({ emailVerified: false, groups: ['rmm-techs'] });
    idp.nextLogin(person);
    expect((await ssoSignIn(partner.id)).error).toBeNull();
    expect(await db.user.count({ where: { email: person.email } })).toBe(1);
  });

  it('re-applies the group mapping on every sign-in and audits a role change', async () => {
    const person = account({ groups: ['rmm-techs'] });
    const signIn = async (groups: string[]) => {
      idp.nextLogin({ ...person, groups });
      const attempt = await ssoSignIn(partner.id);
      expect(attempt.error, attempt.location.href).toBeNull();
      return (await api.post('/sso/exchange', { body: { code: attempt.code } })).body.user;
    };
    const roleOf = async () => (await db.user.findUniqueOrThrow({ where: { email: person.email }, include: { partnerMembership: true } })).partnerMembership?.roleId;
    const first = await signIn(['rmm-techs']);
    expect(first.roleId).toBe(partner.roles.Technician);

    // Left the mapped group: the default role, with the new role in the session at once.
    const demoted = await signIn(['staff']);
    expect(demoted.roleId).toBe(partner.roles['Read Only']);
    expect(await roleOf()).toBe(partner.roles['Read Only']);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'sso.role_synced', targetId: first.id } });
    expect(audit.details).toMatchObject({ providerId: partnerProviderId, fromRoleId: partner.roles.Technician, toRoleId: partner.roles['Read Only'] });

    // The same groups again: no change, no audit.
    await signIn(['staff']);
    expect(await db.auditLog.count({ where: { action: 'sso.role_synced', targetId: first.id } })).toBe(1);

    // Turned off: the role stays as it is.
    const off = await api.patch(`/sso/providers/${partnerProviderId}`, { token: admin, body: { syncRoles: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.body.syncRoles).toBe(false);
    await signIn(['rmm-techs']);
    expect(await roleOf()).toBe(partner.roles['Read Only']);

    await api.patch(`/sso/providers/${partnerProviderId}`, { token: admin, body: { syncRoles: true } });
    expect((await signIn(['rmm-techs'])).roleId).toBe(partner.roles.Technician);
    expect(await db.auditLog.count({ where: { action: 'sso.role_synced', targetId: first.id } })).toBe(2);

    // Mapped to nothing and no default role: refused, the role is left alone.
    await db.ssoProvider.update({ where: { id: partnerProviderId }, data: { defaultRoleId: null } });
    idp.nextLogin({ ...person, groups: ['staff'] });
    expect((await ssoSignIn(partner.id)).error).toBe('SSO_NO_ROLE');
    expect(await roleOf()).toBe(partner.roles.Technician);
    await db.ssoProvider.update({ where: { id: partnerProviderId }, data: { defaultRoleId: partner.roles['Read Only'] } });
  });

  it('never demotes the last Partner Admin through a role sync', async () => {
    const solo = await makePartner();
    const soloAdmin = await makePartnerUser(solo);
    const created = await api.post('/sso/providers', {
      token: await tokenFor(soloAdmin, { mfa: true }),
      body: providerBody({ name: 'Solo IdP', roleMappings: [{ group: 'rmm-techs', roleId: solo.roles.Technician }] }),
    });
    expect(created.status, created.text).toBe(201);
    const sub = `solo-${uniq()}`;
    await db.ssoIdentity.create({ data: { providerId: created.body.id, subject: sub, userId: soloAdmin.id, email: soloAdmin.email } });
    const signIn = async () => {
      idp.nextLogin(account({ sub, email: soloAdmin.email, groups: ['rmm-techs'] }));
      const attempt = await ssoSignIn(solo.id);
      expect(attempt.error, attempt.location.href).toBeNull();
      return (await db.partnerUser.findUniqueOrThrow({ where: { userId: soloAdmin.id } })).roleId;
    };
    expect(await signIn()).toBe(solo.roles['Partner Admin']);
    expect(await db.auditLog.count({ where: { action: 'sso.role_synced', targetId: soloAdmin.id } })).toBe(0);
    // With another admin the groups decide again.
    await makePartnerUser(solo);
    expect(await signIn()).toBe(solo.roles.Technician);
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

describe('partner ssoConfig', () => {
  it('summarises the providers on GET /orgs/partners/me', async () => {
    const res = await api.get('/orgs/partners/me', { token: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ssoConfig).toEqual({
      allowed: true,
      enabled: true,
      partnerProviderId,
      enforceSso: false,
      organizationProviders: 0,
      domains: { verified: ['acme-sso.test'], pending: ['pending-sso.test'] },
    });
    // Not a field of PATCH /orgs/partners/me.
    const mine = await api.patch('/orgs/partners/me', { token: admin, body: { ssoConfig: { allowed: false } } });
    expect(mine.status).toBe(400);
  });

  it('a system operator turns SSO off and on for the partner', async () => {
    const sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
    const patch = (ssoConfig: unknown) => api.patch(`/orgs/partners/${partner.id}`, { token: sys, body: { ssoConfig } });
    expect((await patch({ enabled: true })).status).toBe(400);
    expect((await patch({ allowed: 'no' })).status).toBe(400);

    await api.patch(`/sso/providers/${partnerProviderId}`, { token: admin, body: { enforceSso: true } });
    const staff = await makePartnerUser(partner, { role: 'Technician' });
    const login = () => api.post('/auth/login', { body: { email: staff.email, password: PASSWORD } });
    expect((await login()).status).toBe(403);

    const off = await patch({ allowed: false });
    expect(off.status, off.text).toBe(200);
    expect(off.body.ssoConfig).toMatchObject({ allowed: false, enabled: false, enforceSso: false, partnerProviderId });
    expect((await db.partner.findUniqueOrThrow({ where: { id: partner.id } })).ssoConfig).toEqual({ allowed: false });
    expect((await api.get(`/sso/check/${partner.id}`)).body.available).toBe(false);
    expect((await api.get('/sso/check/someone@acme-sso.test')).body.available).toBe(false);
    expect((await api.get(`/sso/login/${partner.id}`)).status).toBe(404);
    expect((await login()).status).toBe(200);
    const refused = await api.post('/sso/providers', { token: admin, body: providerBody({ orgId: org.id }) });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error.code).toBe('SSO_NOT_ALLOWED');
    expect(await db.auditLog.count({ where: { action: 'partner.update', targetId: partner.id } })).toBeGreaterThanOrEqual(1);

    const on = await patch(null);
    expect(on.status, on.text).toBe(200);
    expect(on.body.ssoConfig).toMatchObject({ allowed: true, enabled: true, enforceSso: true });
    expect((await login()).status).toBe(403);
    expect((await api.get(`/sso/check/${partner.id}`)).body.available).toBe(true);
    await api.patch(`/sso/providers/${partnerProviderId}`, { token: admin, body: { enforceSso: false } });
  });
});
