import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { makeRole } from '../helpers/access';
import { runDueJobs } from '../helpers/jobs';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { sha256Hex } from '@/lib/auth/secrets';

let smtp: SmtpReceiver;
type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: string;
const NEW_PASSWORD = 'Fresh-Start-2026!';

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  partner = await makePartner({ name: 'Acme MSP' });
  admin = await tokenFor(await makePartnerUser(partner, { name: 'Alice Admin' }), { mfa: true });
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.stop();
});

/** Delivers queued mail and returns the invitation to `to` with the token from its link. */
async function invitationTo(to: string, nth = 1): Promise<{ mail: ParsedMail; link: string; token: string }> {
  await runDueJobs();
  const mails = smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(to));
  const mail = mails[nth - 1] ?? (await smtp.waitFor((m) => JSON.stringify(m.to).includes(to)));
  const link = /https?:\/\/\S+\/invite#token=\S+/.exec(mail.text ?? '')![0];
  return { mail, link, token: new URL(link).hash.replace('#token=', '') };
}

describe('invitation journey', () => {
  it('emails a single-use link; accepting sets the password, activates the user with the chosen role and access', async () => {
    const [orgA, orgB] = [await makeOrg(partner.id, 'Alpha'), await makeOrg(partner.id, 'Bravo')];
    const res = await api.post('/users/invite', {
      token: admin,
      body: { email: 'Tech.One@Example.test', name: 'Tech One', roleId: partner.roles.Technician, orgAccess: 'selected', orgIds: [orgA.id] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'tech.one@example.test', status: 'invited', scope: 'partner', orgAccess: 'selected', orgIds: [orgA.id], role: { name: 'Technician' } });
    expect(res.body.invitation).toMatchObject({ sendCount: 1, expired: false });

    const { mail, link, token } = await invitationTo('tech.one@example.test');
    expect(mail.subject).toBe('You are invited to Acme MSP');
    expect(mail.text).toContain('Alice Admin invited you to Acme MSP as Technician');
    expect(link.startsWith('http://localhost:3000/invite#token=')).toBe(true);
    // Only the digest is stored.
    const stored = await db.userInvitation.findUniqueOrThrow({ where: { userId: res.body.id } });
    expect(stored.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    // Invited users cannot sign in yet.
    expect((await api.post('/auth/login', { body: { email: 'tech.one@example.test', password: NEW_PASSWORD } })).status).toBe(401);

    const preview = await api.post('/auth/accept-invite/preview', { body: { token } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ email: 'tech.one@example.test', name: 'Tech One', partner: { id: partner.id, name: 'Acme MSP' }, organization: null, role: { name: 'Technician' } });

    const weak = await api.post('/auth/accept-invite', { body: { token, password: 'password' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toBe('Password must mix at least three of: lowercase letters, uppercase letters, digits, symbols');

    const accepted = await api.post('/auth/accept-invite', { body: { token, password: NEW_PASSWORD, name: 'Tech Uno' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ accepted: true, user: { id: res.body.id, email: 'tech.one@example.test', name: 'Tech Uno' }, partner: { name: 'Acme MSP' } });

    // Single use.
    const again = await api.post('/auth/accept-invite', { body: { token, password: NEW_PASSWORD } });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('INVALID_INVITE');

    const login = await api.post('/auth/login', { body: { email: 'tech.one@example.test', password: NEW_PASSWORD } });
    expect(login.status).toBe(200);
    const me = await api.get('/users/me', { token: login.body.accessToken });
    expect(me.body).toMatchObject({ scope: 'partner', partnerId: partner.id, orgAccess: 'selected', orgIds: [orgA.id], role: { name: 'Technician' } });
    // The chosen organization access applies.
    const orgs = await api.get('/orgs/organizations', { token: login.body.accessToken });
    expect(orgs.body.data.map((o: { id: string }) => o.id)).toEqual([orgA.id]);
    expect((await api.get(`/orgs/organizations/${orgB.id}`, { token: login.body.accessToken })).status).toBe(404);
    const user = await api.get(`/users/${res.body.id}`, { token: admin });
    expect(user.body).toMatchObject({ status: 'active', invitation: null, name: 'Tech Uno' });
    expect(await db.auditLog.count({ where: { action: 'user.invite_accept', targetId: res.body.id } })).toBe(1);
  });

  it('invites organization-scope users (customer staff) into one organization', async () => {
    const org = await makeOrg(partner.id, 'Customer Co');
    const other = await makeOrg(partner.id, 'Someone Else');
    const missingOrg = await api.post('/users/invite', { token: admin, body: { email: 'staff@customer.test', name: 'Staff', roleId: partner.roles['Organization User'] } });
    expect(missingOrg.status).toBe(400);
    const withAccess = await api.post('/users/invite', {
      token: admin,
      body: { email: 'staff@customer.test', name: 'Staff', roleId: partner.roles['Organization User'], orgId: org.id, orgAccess: 'all' },
    });
    expect(withAccess.status).toBe(400);
    const res = await api.post('/users/invite', { token: admin, body: { email: 'staff@customer.test', name: 'Staff', roleId: partner.roles['Organization User'], orgId: org.id } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ scope: 'organization', orgId: org.id, organization: { name: 'Customer Co' }, role: { name: 'Organization User' } });

    const { mail, token } = await invitationTo('staff@customer.test');
    expect(mail.text).toContain('Customer Co (managed by Acme MSP)');
    expect((await api.post('/auth/accept-invite', { body: { token, password: NEW_PASSWORD } })).status).toBe(200);
    const login = await api.post('/auth/login', { body: { email: 'staff@customer.test', password: NEW_PASSWORD } });
    const orgs = await api.get('/orgs/organizations', { token: login.body.accessToken });
    expect(orgs.body.data.map((o: { id: string }) => o.id)).toEqual([org.id]);
    expect((await api.get(`/orgs/organizations/${other.id}`, { token: login.body.accessToken })).status).toBe(404);
  });

  it('resending kills the old link; expired links fail with the same answer as unknown ones', async () => {
    const res = await api.post('/users/invite', { token: admin, body: { email: 'slow@example.test', name: 'Slow', roleId: partner.roles['Read Only'] } });
    const first = await invitationTo('slow@example.test');
    const resent = await api.post('/users/resend-invite', { token: admin, body: { userId: res.body.id } });
    expect(resent.status).toBe(200);
    expect(resent.body.invitation.sendCount).toBe(2);
    const second = await invitationTo('slow@example.test', 2);
    expect(second.token).not.toBe(first.token);

    const stale = await api.post('/auth/accept-invite', { body: { token: first.token, password: NEW_PASSWORD } });
    const unknown = await api.post('/auth/accept-invite', { body: { token: 'made-up-token', password: NEW_PASSWORD } });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual(unknown.body);

    await db.userInvitation.update({ where: { userId: res.body.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await api.post('/auth/accept-invite', { body: { token: second.token, password: NEW_PASSWORD } });
    expect(expired.body).toEqual(unknown.body);
    expect((await api.get(`/users/${res.body.id}`, { token: admin })).body.invitation.expired).toBe(true);
    expect((await db.user.findUniqueOrThrow({ where: { id: res.body.id } })).status).toBe('invited');

    // A resend after expiry works again; an accepted user cannot be re-sent an invitation.
    await api.post('/users/resend-invite', { token: admin, body: { userId: res.body.id } });
    const third = await invitationTo('slow@example.test', 3);
    expect((await api.post('/auth/accept-invite', { body: { token: third.token, password: NEW_PASSWORD } })).status).toBe(200);
    const done = await api.post('/users/resend-invite', { token: admin, body: { userId: res.body.id } });
    expect(done.status).toBe(409);
    expect(done.body.error.code).toBe('NOT_INVITED');
  });

  it('refuses addresses that already have an account, and re-invites removed users', async () => {
    const member = await makePartnerUser(partner, { email: 'member@example.test', role: 'Read Only' });
    const dup = await api.post('/users/invite', { token: admin, body: { email: 'member@example.test', name: 'M', roleId: partner.roles['Read Only'] } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('USER_EXISTS');
    const elsewhere = await makePartnerUser(await makePartner(), { email: 'elsewhere@example.test' });
    const taken = await api.post('/users/invite', { token: admin, body: { email: elsewhere.email, name: 'E', roleId: partner.roles['Read Only'] } });
    expect(taken.body.error.code).toBe('EMAIL_IN_USE');

    expect((await api.delete(`/users/${member.id}`, { token: admin })).status).toBe(204);
    const again = await api.post('/users/invite', { token: admin, body: { email: 'member@example.test', name: 'Member Again', roleId: partner.roles.Technician } });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: member.id, status: 'invited', name: 'Member Again', role: { name: 'Technician' } });
  });

  it('cannot invite with more than the inviter holds', async () => {
    const limited = await makeRole(partner, ['users:read', 'users:manage', 'devices:read']);
    const lead = await tokenFor(await makePartnerUser({ id: partner.id, roles: { Lead: limited.id } }, { role: 'Lead', orgAccess: 'none' }), { mfa: true });
    const escalate = await api.post('/users/invite', { token: lead, body: { email: 'boss@example.test', name: 'B', roleId: partner.roles['Partner Admin'], orgAccess: 'none' } });
    expect(escalate.status).toBe(403);
    expect(escalate.body.error.code).toBe('PRIVILEGE_ESCALATION');
    const org = await makeOrg(partner.id);
    const wider = await api.post('/users/invite', { token: lead, body: { email: 'w@example.test', name: 'W', roleId: limited.id, orgAccess: 'selected', orgIds: [org.id] } });
    expect(wider.status).toBe(403);
    const same = await api.post('/users/invite', { token: lead, body: { email: 'w@example.test', name: 'W', roleId: limited.id, orgAccess: 'none' } });
    expect(same.status).toBe(201);
    expect(await db.user.count({ where: { email: 'boss@example.test' } })).toBe(0);
  });

  it('needs users:manage and a completed MFA challenge; roles of other partners are not found', async () => {
    const tech = await tokenFor(await makePartnerUser(partner, { role: 'Technician' }), { mfa: true });
    expect((await api.post('/users/invite', { token: tech, body: { email: 'x@example.test', name: 'X', roleId: partner.roles.Technician } })).status).toBe(403);
    const noMfa = await tokenFor(await makePartnerUser(partner));
    const gated = await api.post('/users/invite', { token: noMfa, body: { email: 'x@example.test', name: 'X', roleId: partner.roles.Technician } });
    expect(gated.body.error.code).toBe('MFA_REQUIRED');
    const other = await makePartner();
    const foreign = await api.post('/users/invite', { token: admin, body: { email: 'x@example.test', name: 'X', roleId: other.roles['Partner Admin'] } });
    expect(foreign.status).toBe(404);
    const badEmail = await api.post('/users/invite', { token: admin, body: { email: 'not-an-email', name: 'X', roleId: partner.roles.Technician } });
    expect(badEmail.status).toBe(400);
    expect(await db.user.count({ where: { email: 'x@example.test' } })).toBe(0);
  });
});
