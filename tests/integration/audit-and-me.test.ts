import { describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, PASSWORD, tokenFor } from '../helpers/factories';

describe('audit log', () => {
  it('records mutations with actor, target, ip and request id, and lists them in scope', async () => {
    const partner = await makePartner();
    const user = await makePartnerUser(partner);
    const token = await tokenFor(user, { mfa: true });
    const created = await api.post('/orgs/organizations', { token, body: { name: 'Audited' }, ip: '192.0.2.44', headers: { 'x-request-id': 'req-audit-1' } });
    expect(created.status).toBe(201);
    const logs = await api.get('/audit-logs', { token, query: { action: 'organization.' } });
    expect(logs.status).toBe(200);
    expect(logs.body.data[0]).toMatchObject({
      action: 'organization.create',
      actorType: 'user',
      actorId: user.id,
      actorEmail: user.email,
      targetType: 'organization',
      targetId: created.body.id,
      partnerId: partner.id,
      orgId: created.body.id,
      ip: '192.0.2.44',
      requestId: 'req-audit-1',
    });

    const other = await makePartner();
    const otherToken = await tokenFor(await makePartnerUser(other));
    const foreign = await api.get('/audit-logs', { token: otherToken, query: { action: 'organization.' } });
    expect(foreign.body.data).toEqual([]);
  });

  it('records logins, and organization users see only their organization entries', async () => {
    const partner = await makePartner();
    const admin = await makePartnerUser(partner);
    await api.post('/auth/login', { body: { email: admin.email, password: PASSWORD }, ip: '192.0.2.50' });
    const token = await tokenFor(admin);
    const logs = await api.get('/audit-logs', { token, query: { action: 'user.login' } });
    expect(logs.body.data[0]).toMatchObject({ actorId: admin.id, ip: '192.0.2.50' });
    const orgUser = await tokenFor(await makeOrgUser(partner, await makeOrg(partner.id), { role: 'Organization Admin' }));
    expect((await api.get('/audit-logs', { token: orgUser })).status).toBe(403);
  });
});

describe('/users/me', () => {
  it('returns scope, role and permissions; PATCH changes the name and validates password changes', async () => {
    const partner = await makePartner();
    const user = await makePartnerUser(partner, { role: 'Technician' });
    const token = await tokenFor(user);
    const me = await api.get('/users/me', { token });
    expect(me.body).toMatchObject({ id: user.id, scope: 'partner', partnerId: partner.id, role: { name: 'Technician' } });
    expect(me.body.permissions).toContain('devices:execute');
    expect(me.body.permissions).not.toContain('users:manage');

    expect((await api.patch('/users/me', { token, body: { name: 'Renamed' } })).body.name).toBe('Renamed');
    const weak = await api.patch('/users/me', { token, body: { currentPassword: PASSWORD, newPassword: 'short' } });
    expect(weak.status).toBe(400);
    const wrong = await api.patch('/users/me', { token, body: { currentPassword: 'nope', newPassword: 'Another-Strong-Pass-1' } });
    expect(wrong.status).toBe(400);
    const ok = await api.patch('/users/me', { token, body: { currentPassword: PASSWORD, newPassword: 'Another-Strong-Pass-1' } });
    expect(ok.status).toBe(200);
    const login = await api.post('/auth/login', { body: { email: user.email, password: 'Another-Strong-Pass-1' }, ip: '192.0.2.60' });
    expect(login.status).toBe(200);
  });
});
