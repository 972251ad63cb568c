// The self-update offer on heartbeat answers: newer promoted release only, inside the rollout
// (stable bucket below the percentage, or a rollout group), signed with the release key, and not
// again for a version the device rolled back or lately refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { makeOrg, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, type EnrolledAgent } from '../helpers/agents';
import { ensureBundledAgentRegistered } from '@/lib/agent-releases/register-bundled-agent';
import { registerAgentRelease } from '@/lib/agent-releases/manage-releases';
import { verifyArtifactSignature } from '@/lib/agent-releases/release-signing';
import { rolloutBucket } from '@/lib/agent-releases/rollout';
import { resetEnvCache } from '@/lib/env';
import { db } from '@/lib/db';

let server: TestServer;
let admin: string;
let system: string;
let orgId: string;
let agent: EnrolledAgent;
let enrolledKey: string;

beforeAll(async () => {
  server = await startTestServer();
  process.env.APP_BASE_URL = server.url;
  resetEnvCache();
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  system = await tokenFor(await makePlatformAdmin(), { mfa: true });
  orgId = (await makeOrg(partner.id)).id;
  const res = await api.post('/agents/enroll', { body: { enrollmentKey: (await createKey(admin, { orgId })).key, hostname: 'offer-probe', osType: 'linux', osVersion: 'Debian 12', architecture: 'amd64', agentVersion: '1.0.0' } });
  expect(res.status).toBe(201);
  agent = res.body;
  enrolledKey = res.body.releaseSigningKey;
  await ensureBundledAgentRegistered();
  await registerAgentRelease({ version: '2.0.0', promoted: true, rolloutPercent: 0, artifacts: [{ os: 'linux', arch: 'amd64', fileName: 'rmm-agent-2.0.0.cjs', contentType: 'application/javascript', content: Buffer.from('console.log("2.0.0")') }] });
});

afterAll(async () => {
  await server.stop();
  process.env.APP_BASE_URL = 'http://localhost:3000';
  resetEnvCache();
});

const offer = async (body: Record<string, unknown> = { agentVersion: '1.0.0' }) => {
  const res = await heartbeat(agent, body);
  expect(res.status).toBe(200);
  return res.body.update;
};
const patch = (body: Record<string, unknown>) => api.patch('/agent-versions/2.0.0', { token: system, body });

describe('the heartbeat update offer', () => {
  it('follows the rollout percentage by the device bucket', async () => {
    expect(enrolledKey).toBe((await api.get('/agent-versions/signing-key')).body.publicKey);
    expect(await offer()).toBeUndefined();
    const bucket = rolloutBucket(agent.deviceId);
    expect((await patch({ rolloutPercent: bucket })).status).toBe(200);
    expect(await offer()).toBeUndefined();
    expect((await patch({ rolloutPercent: bucket + 1 })).status).toBe(200);
    const update = await offer();
    expect(update).toMatchObject({ version: '2.0.0', os: 'linux', arch: 'amd64', format: 'bundle', url: `${server.url}/api/v1/agents/download/linux/amd64?version=2.0.0` });
    expect(verifyArtifactSignature(enrolledKey, update, update.signature)).toBe(true);
    // An agent already on the release (or newer) is offered nothing.
    expect(await offer({ agentVersion: '2.0.0' })).toBeUndefined();
    expect(await offer({ agentVersion: '2.1.0' })).toBeUndefined();
  });

  it('offers the release to the rollout groups whatever the percentage', async () => {
    expect((await patch({ rolloutPercent: 0 })).status).toBe(200);
    expect(await offer()).toBeUndefined();
    const group = await api.post('/groups', { token: admin, body: { name: 'Canaries', orgId, type: 'static', deviceIds: [agent.deviceId] } });
    expect(group.status, group.text).toBe(201);
    const other = await api.post('/groups', { token: admin, body: { name: 'Others', orgId, type: 'static' } });
    expect((await patch({ rolloutGroupIds: [other.body.id] })).status).toBe(200);
    expect(await offer()).toBeUndefined();
    const res = await patch({ rolloutGroupIds: [other.body.id, group.body.id] });
    expect(res.body).toMatchObject({ rolloutPercent: 0, rolloutGroupIds: expect.arrayContaining([group.body.id]) });
    expect((await offer())?.version).toBe('2.0.0');
    expect((await patch({ rolloutGroupIds: ['00000000-0000-4000-8000-000000000000'] })).status).toBe(400);
    const audited = await db.auditLog.findMany({ where: { action: 'agent_version.update', targetId: '2.0.0' } });
    expect(audited.length).toBeGreaterThanOrEqual(4);
  });

  it('is withheld after the device refused or rolled the version back, and the state shows on the device', async () => {
    expect((await patch({ rolloutPercent: 100, rolloutGroupIds: [] })).status).toBe(200);
    expect((await offer())?.version).toBe('2.0.0');
    const report = (body: Record<string, unknown>) => api.post(`/agents/${agent.agentId}/update-status`, { token: agent.authToken, body });
    expect((await report({ state: 'downloading', version: '2.0.0' })).status).toBe(204);
    expect((await offer())?.version).toBe('2.0.0');
    expect((await report({ state: 'failed', version: '2.0.0', error: 'SHA-256 mismatch' })).status).toBe(204);
    expect(await offer()).toBeUndefined();
    expect((await report({ state: 'rolled_back', version: '2.0.0', error: 'no heartbeat' })).status).toBe(204);
    expect(await offer()).toBeUndefined();
    const device = (await api.get(`/devices/${agent.deviceId}`, { token: admin })).body;
    expect(device.agentUpdate).toMatchObject({ state: 'rolled_back', version: '2.0.0', error: 'no heartbeat' });
    // Cursor pages (their stored JSON) carry the same state.
    const page = (await api.get('/devices?cursor=', { token: admin })).body;
    expect(page.devices.find((d: { id: string }) => d.id === agent.deviceId).agentUpdate).toEqual(device.agentUpdate);
    expect((await report({ state: 'exploded', version: '2.0.0' })).status).toBe(400);
    expect((await report({ state: 'failed', version: 'v2' })).status).toBe(400);
    // Another agent's token cannot report for this one.
    const intruder = await enroll((await createKey(admin, { orgId })).key);
    expect((await api.post(`/agents/${agent.agentId}/update-status`, { token: intruder.authToken, body: { state: 'updated', version: '2.0.0' } })).status).toBe(403);
  });
});
