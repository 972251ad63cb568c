// Privileged access management through the API: rule validation (the named 400s), decisions by
// rule and by the default verdict over the agent protocol, technician approval and revocation,
// the agent's view of its own requests, the rule preview, signer groups, filters and tenancy.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, type EnrolledAgent } from '../helpers/agents';
import { makeRole } from '../helpers/access';
import { db } from '@/lib/db';

let admin: string;
let reader: string;
let outsider: string;
let orgId: string;
let agent: EnrolledAgent;
let other: EnrolledAgent;

const HASH = 'ab'.repeat(32);
const uniq = () => Math.random().toString(36).slice(2, 7);

function request(a: EnrolledAgent, overrides: Record<string, unknown> = {}) {
  return api.post(`/agents/${a.agentId}/elevation-requests`, {
    token: a.authToken,
    body: { executablePath: '/usr/bin/apt-get', sha256: HASH, signer: null, parentImage: '/usr/bin/bash', commandLine: '/usr/bin/apt-get update', user: 'alice', groups: ['alice', 'developers'], ...overrides },
  });
}

async function rule(body: Record<string, unknown>) {
  const res = await api.post('/pam/rules', { token: admin, body: { orgId, name: `R ${uniq()}`, verdict: 'approve', ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

beforeAll(async () => {
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const readRole = await makeRole(partner, ['pam:read']);
  reader = await tokenFor(await makePartnerUser({ ...partner, roles: { ...partner.roles, R: readRole.id } }, { role: 'R' }));
  orgId = (await makeOrg(partner.id)).id;
  agent = await enroll((await createKey(admin, { orgId })).key);
  const otherPartner = await makePartner();
  outsider = await tokenFor(await makePartnerUser(otherPartner), { mfa: true });
  const otherOrg = await makeOrg(otherPartner.id);
  other = await enroll((await createKey(outsider, { orgId: otherOrg.id })).key);
});

describe('rule validation', () => {
  it('needs at least one match field', async () => {
    const res = await api.post('/pam/rules', { token: admin, body: { orgId, name: 'Empty', verdict: 'approve' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a signer group combined with matchSigner or matchSignerThumbprint', async () => {
    const group = await api.post('/pam/signer-groups', { token: admin, body: { orgId, name: 'Vendors', signers: ['Vendor Inc'] } });
    expect(group.status, group.text).toBe(201);
    for (const extra of [{ matchSigner: 'Vendor Inc' }, { matchSignerThumbprint: 'c'.repeat(64) }]) {
      const res = await api.post('/pam/rules', { token: admin, body: { orgId, name: 'Both', verdict: 'approve', matchSignerGroupId: group.body.id, ...extra } });
      expect(res.status, res.text).toBe(400);
      expect(JSON.stringify(res.body.error.details)).toContain('matchSignerGroupId');
    }
    // Also when an update would combine them.
    const r = await rule({ matchSignerGroupId: group.body.id });
    const patched = await api.patch(`/pam/rules/${r.id}`, { token: admin, body: { matchSigner: 'Other' } });
    expect(patched.status).toBe(400);
    const swapped = await api.patch(`/pam/rules/${r.id}`, { token: admin, body: { matchSigner: 'Other', matchSignerGroupId: null } });
    expect(swapped.status, swapped.text).toBe(200);
    expect(swapped.body).toMatchObject({ matchSigner: 'Other', matchSignerGroupId: null });
    await api.delete(`/pam/rules/${r.id}`, { token: admin });
  });

  it('checks 64-hex thumbprints and hashes and stores the thumbprint lowercased', async () => {
    for (const body of [{ matchHash: 'xyz' }, { matchHash: 'a'.repeat(63) }, { matchSignerThumbprint: 'g'.repeat(64) }]) {
      expect((await api.post('/pam/rules', { token: admin, body: { orgId, name: 'Bad', verdict: 'deny', ...body } })).status).toBe(400);
    }
    const res = await api.post('/pam/rules', { token: admin, body: { orgId, name: 'Pinned', verdict: 'deny', enabled: false, matchSignerThumbprint: 'ABCDEF'.repeat(10) + 'ABCD' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.matchSignerThumbprint).toBe('abcdef'.repeat(10) + 'abcd');
    expect(res.body.matchSignerThumbprint).toHaveLength(64);
    // An update may not clear the last match field.
    expect((await api.patch(`/pam/rules/${res.body.id}`, { token: admin, body: { matchSignerThumbprint: null } })).status).toBe(400);
    await api.delete(`/pam/rules/${res.body.id}`, { token: admin });
  });

  it('refuses unknown fields and a signer group of another organization', async () => {
    expect((await api.post('/pam/rules', { token: admin, body: { orgId, name: 'X', verdict: 'approve', matchUser: 'a', matchColor: 'red' } })).status).toBe(400);
    const foreign = await api.post('/pam/signer-groups', { token: outsider, body: { orgId: other.orgId, name: 'Theirs', signers: ['X'] } });
    expect(foreign.status).toBe(201);
    expect((await api.post('/pam/rules', { token: admin, body: { orgId, name: 'X', verdict: 'approve', matchSignerGroupId: foreign.body.id } })).status).toBe(400);
  });
});

describe('decisions', () => {
  it('an unmatched request waits for a technician by default; approval grants a bounded elevation; revoke ends it', async () => {
    const res = await request(agent, { commandLine: '/usr/bin/apt-get install nano' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', decidedBy: null, expiresAt: null });
    const id = res.body.id as string;
    const listed = await api.get('/pam/elevation-requests', { token: reader, query: { status: 'pending', orgId } });
    expect(listed.body.data.map((r: { id: string }) => r.id)).toContain(id);
    expect(listed.body.data.find((r: { id: string }) => r.id === id)).toMatchObject({ user: 'alice', groups: ['alice', 'developers'], signer: null, parentImage: '/usr/bin/bash', sha256: HASH, deviceId: agent.deviceId });

    expect((await api.post(`/pam/elevation-requests/${id}/respond`, { token: reader, body: { decision: 'approve' } })).status).toBe(403);
    const approved = await api.post(`/pam/elevation-requests/${id}/respond`, { token: admin, body: { decision: 'approve', durationMinutes: 5, note: 'ok' } });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', decidedBy: 'technician', durationMinutes: 5 });
    const expires = new Date(approved.body.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(4 * 60_000);
    expect(expires).toBeLessThanOrEqual(5 * 60_000);
    expect((await api.post(`/pam/elevation-requests/${id}/respond`, { token: admin, body: { decision: 'deny' } })).status).toBe(409);

    const state = await api.get(`/agents/${agent.agentId}/elevation-requests/${id}`, { token: agent.authToken });
    expect(state.body.status).toBe('approved');
    expect((await api.get('/pam/active', { token: reader })).body.data.map((r: { id: string }) => r.id)).toContain(id);

    const revoked = await api.post(`/pam/elevation-requests/${id}/revoke`, { token: admin, body: { note: 'done' } });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    expect((await api.post(`/pam/elevation-requests/${id}/revoke`, { token: admin, body: {} })).status).toBe(409);
    expect((await api.get(`/agents/${agent.agentId}/elevation-requests/${id}`, { token: agent.authToken })).body.status).toBe('revoked');
    expect((await api.get('/pam/active', { token: reader })).body.data.map((r: { id: string }) => r.id)).not.toContain(id);
    const finished = await api.post(`/agents/${agent.agentId}/elevation-requests/${id}/finish`, { token: agent.authToken, body: { exitCode: -1, outcome: 'revoked' } });
    expect(finished.body.status).toBe('revoked');
    expect(await db.auditLog.count({ where: { action: { in: ['pam_elevation.respond', 'pam_elevation.revoke'] }, targetId: id } })).toBe(2);
  });

  it('rules decide at once by priority; the default verdict applies to the rest', async () => {
    const deny = await rule({ verdict: 'deny', priority: 1, matchCommandLine: '*rm -rf*' });
    const allow = await rule({ verdict: 'approve', priority: 5, durationMinutes: 30, matchPathGlob: '/usr/bin/*', matchAdGroup: 'DEVELOPERS' });
    const a = await request(agent, { commandLine: '/usr/bin/apt-get upgrade' });
    expect(a.body).toMatchObject({ status: 'approved', decidedBy: 'rule' });
    expect((await db.pamElevationRequest.findUniqueOrThrow({ where: { id: a.body.id } })).ruleId).toBe(allow.id);
    const d = await request(agent, { executablePath: '/usr/bin/rm', commandLine: '/usr/bin/rm -rf /srv' });
    expect(d.body).toMatchObject({ status: 'denied', decidedBy: 'rule' });
    expect((await db.pamElevationRequest.findUniqueOrThrow({ where: { id: d.body.id } })).ruleId).toBe(deny.id);

    expect((await api.put('/pam/config', { token: admin, body: { orgId, defaultVerdict: 'deny' } })).status).toBe(200);
    expect((await api.get('/pam/config', { token: reader, query: { orgId } })).body).toMatchObject({ orgId, defaultVerdict: 'deny', defaultDurationMinutes: 15 });
    const unmatched = await request(agent, { executablePath: '/opt/tool/run', commandLine: '/opt/tool/run' });
    expect(unmatched.body).toMatchObject({ status: 'denied', decidedBy: 'default' });
    await api.put('/pam/config', { token: admin, body: { orgId, defaultVerdict: 'pending' } });
    // A responded denial cannot be revoked, and a technician cannot answer a decided request.
    expect((await api.post(`/pam/elevation-requests/${d.body.id}/revoke`, { token: admin, body: {} })).status).toBe(409);
    await api.delete(`/pam/rules/${deny.id}`, { token: admin });
    await api.delete(`/pam/rules/${allow.id}`, { token: admin });
  });

  it('the preview shows which recent requests a draft would match, storing nothing', async () => {
    const before = await db.pamRule.count();
    const res = await api.post('/pam/rules/preview', { token: reader, body: { orgId, matchCommandLine: 'apt-get upgrade' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.matched).toBeGreaterThanOrEqual(1);
    expect(res.body.requests.every((r: { commandLine: string }) => r.commandLine.includes('apt-get upgrade'))).toBe(true);
    expect(res.body.scanned).toBeGreaterThan(res.body.matched);
    expect((await api.post('/pam/rules/preview', { token: reader, body: { orgId } })).status).toBe(400);
    expect((await api.post('/pam/rules/preview', { token: reader, body: { orgId, matchSigner: 'x', matchSignerGroupId: '00000000-0000-4000-8000-000000000000' } })).status).toBe(400);
    expect(await db.pamRule.count()).toBe(before);
  });

  it('signer groups decide by signer or thumbprint, and cannot be deleted while used', async () => {
    const group = await api.post('/pam/signer-groups', { token: admin, body: { orgId, name: `G ${uniq()}`, signers: ['Acme Corp'], thumbprints: ['D'.repeat(64)] } });
    expect(group.body.thumbprints).toEqual(['d'.repeat(64)]);
    const r = await rule({ matchSignerGroupId: group.body.id });
    expect((await request(agent, { signer: 'acme corp', executablePath: '/opt/acme/x' })).body.status).toBe('approved');
    expect((await request(agent, { signerThumbprint: 'd'.repeat(64), executablePath: '/opt/acme/x' })).body.status).toBe('approved');
    expect((await request(agent, { executablePath: '/opt/acme/x' })).body.status).toBe('pending');
    expect((await api.delete(`/pam/signer-groups/${group.body.id}`, { token: admin })).status).toBe(409);
    await api.delete(`/pam/rules/${r.id}`, { token: admin });
    expect((await api.delete(`/pam/signer-groups/${group.body.id}`, { token: admin })).status).toBe(204);
  });

  it('filters the list', async () => {
    const byUser = await api.get('/pam/elevation-requests', { token: reader, query: { user: 'ALICE', deviceId: agent.deviceId, search: 'acme' } });
    expect(byUser.body.data.length).toBeGreaterThanOrEqual(3);
    expect(byUser.body.data.every((r: { executablePath: string }) => r.executablePath.includes('acme'))).toBe(true);
    expect((await api.get('/pam/elevation-requests', { token: reader, query: { user: 'bob' } })).body.pagination.total).toBe(0);
    expect((await api.get('/pam/elevation-requests', { token: reader, query: { status: 'sleeping' } })).status).toBe(400);
  });
});

describe('tenancy', () => {
  it('another partner gets 404 for requests, rules and signer groups, and sees none in lists', async () => {
    const req = (await request(agent, { executablePath: '/usr/bin/tenancy' })).body.id as string;
    const r = await rule({ matchUser: 'tenancy' });
    const g = (await api.post('/pam/signer-groups', { token: admin, body: { orgId, name: 'T', signers: ['T'] } })).body.id as string;
    expect((await api.post(`/pam/elevation-requests/${req}/respond`, { token: outsider, body: { decision: 'approve' } })).status).toBe(404);
    expect((await api.post(`/pam/elevation-requests/${req}/revoke`, { token: outsider, body: {} })).status).toBe(404);
    expect((await api.patch(`/pam/rules/${r.id}`, { token: outsider, body: { name: 'stolen' } })).status).toBe(404);
    expect((await api.delete(`/pam/rules/${r.id}`, { token: outsider })).status).toBe(404);
    expect((await api.patch(`/pam/signer-groups/${g}`, { token: outsider, body: { name: 'stolen' } })).status).toBe(404);
    expect((await api.delete(`/pam/signer-groups/${g}`, { token: outsider })).status).toBe(404);
    expect((await api.get('/pam/config', { token: outsider, query: { orgId } })).status).toBe(404);
    expect((await api.put('/pam/config', { token: outsider, body: { orgId, defaultVerdict: 'approve' } })).status).toBe(404);
    expect((await api.post('/pam/rules/preview', { token: outsider, body: { orgId, matchUser: 'alice' } })).status).toBe(404);
    expect((await api.get('/pam/elevation-requests', { token: outsider })).body.data.map((x: { id: string }) => x.id)).not.toContain(req);
    expect((await api.get('/pam/rules', { token: outsider })).body.data.map((x: { id: string }) => x.id)).not.toContain(r.id);
    // Another device's agent cannot read or finish this request.
    expect((await api.get(`/agents/${other.agentId}/elevation-requests/${req}`, { token: other.authToken })).status).toBe(404);
    expect((await api.post(`/agents/${other.agentId}/elevation-requests/${req}/finish`, { token: other.authToken, body: { exitCode: 0, outcome: 'exited' } })).status).toBe(404);
    const row = await db.pamElevationRequest.findUniqueOrThrow({ where: { id: req } });
    expect(row.status).toBe('pending');
    expect((await db.pamRule.findUniqueOrThrow({ where: { id: r.id } })).name).not.toBe('stolen');
  });
});
