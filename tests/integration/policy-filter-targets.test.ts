// Policies assigned to saved filters: a shared filter in the policy's scope is a target whose
// devices are those it matches at each evaluation (re-resolved when a device changes, when the
// filter changes, and when it is deleted), ranked device > group > saved filter > site >
// organization > partner in the effective policy.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, type EnrolledAgent } from '../helpers/agents';
import { runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';
import { heartbeatIntervalFor } from '@/lib/policies/agent-interval';

let admin: string;
let orgId: string;
let otherOrgId: string;
let a: EnrolledAgent;
let b: EnrolledAgent;
let c: EnrolledAgent;

const uniq = () => Math.random().toString(36).slice(2, 7);

async function policy(body: Record<string, unknown>) {
  const res = await api.post('/policies', { token: admin, body: { name: `P ${uniq()}`, orgId, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function filter(rules: unknown, extra: Record<string, unknown> = {}) {
  const res = await api.post('/filters', { token: admin, body: { name: `F ${uniq()}`, rules, visibility: 'shared', ...extra } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

const tagged = (tag: string) => ({ match: 'all', conditions: [{ field: 'tags', op: 'has', value: tag }] });
const setTags = async (agent: EnrolledAgent, tags: string[]) => expect((await api.patch(`/devices/${agent.deviceId}`, { token: admin, body: { tags } })).status).toBe(200);
const effective = async (agent: EnrolledAgent) => {
  const res = await api.get(`/devices/${agent.deviceId}/effective-policy`, { token: admin });
  expect(res.status, res.text).toBe(200);
  return res.body as { settings: Record<string, unknown>; sources: { key: string; policyId: string; via: string }[]; policies: { policyId: string; via: string }[] };
};
const compliantDevices = async (policyId: string) => (await db.devicePolicyCompliance.findMany({ where: { policyId }, select: { deviceId: true } })).map((r) => r.deviceId).sort();

beforeAll(async () => {
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgId = (await makeOrg(partner.id)).id;
  otherOrgId = (await makeOrg(partner.id)).id;
  const key = (await createKey(admin, { orgId })).key;
  a = await enroll(key, { hostname: 'flt-a' });
  b = await enroll(key, { hostname: 'flt-b' });
  c = await enroll(key, { hostname: 'flt-c' });
  await runDueJobs();
});

describe('saved filter assignments', () => {
  it('refuses private filters and filters of another organization', async () => {
    const priv = await api.post('/filters', { token: admin, body: { name: `Mine ${uniq()}`, rules: tagged('x') } });
    expect(priv.status, priv.text).toBe(201);
    const foreign = await filter(tagged('x'), { orgId: otherOrgId });
    for (const targetId of [priv.body.id, foreign, '00000000-0000-4000-8000-000000000009']) {
      const res = await api.post('/policies', { token: admin, body: { name: 'x', orgId, assignments: [{ targetType: 'filter', targetId }] } });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.code).toBe('TARGET_NOT_IN_SCOPE');
    }
  });

  it('applies to the devices the filter matches, ranked between group and site, and follows device and filter changes', async () => {
    await setTags(a, ['web']);
    const web = await filter(tagged('web'));
    const org = await policy({ settings: { heartbeatIntervalSeconds: 240 }, assignments: [{ targetType: 'organization', targetId: orgId }] });
    const byFilter = await policy({
      settings: { heartbeatIntervalSeconds: 120 },
      checks: [{ id: 'no-telnet', kind: 'software_forbidden', name: 'telnetd' }],
      assignments: [{ targetType: 'filter', targetId: web }],
    });
    const got = await api.get(`/policies/${byFilter}`, { token: admin });
    expect(got.body.assignments).toEqual([{ targetType: 'filter', targetId: web }]);
    await runDueJobs();

    const ea = await effective(a);
    expect(ea.settings.heartbeatIntervalSeconds).toBe(120);
    expect(ea.sources.find((s) => s.key === 'heartbeatIntervalSeconds')).toMatchObject({ policyId: byFilter, via: 'filter' });
    expect(ea.policies.map((p) => p.via)).toEqual(['filter', 'organization']);
    expect((await effective(c)).settings.heartbeatIntervalSeconds).toBe(240);
    expect((await effective(b)).policies.map((p) => p.via)).toEqual(['organization']);
    expect((await heartbeat(a)).body.heartbeatIntervalSeconds).toBe(heartbeatIntervalFor(120));
    expect(await compliantDevices(byFilter)).toEqual([a.deviceId]);

    // A group outranks the filter.
    const group = await api.post('/groups', { token: admin, body: { orgId, name: `G ${uniq()}`, type: 'static', deviceIds: [a.deviceId] } });
    expect(group.status, group.text).toBe(201);
    const byGroup = await policy({ settings: { heartbeatIntervalSeconds: 60 }, assignments: [{ targetType: 'group', targetId: group.body.id }] });
    await runDueJobs();
    expect((await effective(a)).sources.find((s) => s.key === 'heartbeatIntervalSeconds')).toMatchObject({ policyId: byGroup, via: 'group' });
    expect((await api.delete(`/policies/${byGroup}`, { token: admin })).status).toBe(204);

    // A device that starts matching (its tags change) is evaluated under the filter's policy.
    await setTags(c, ['web', 'db']);
    await runDueJobs();
    expect(await compliantDevices(byFilter)).toEqual([a.deviceId, c.deviceId].sort());
    expect((await effective(c)).sources.find((s) => s.key === 'heartbeatIntervalSeconds')?.via).toBe('filter');

    // The filter's rules change: its policies are evaluated again over old and new matches.
    expect((await api.patch(`/filters/${web}`, { token: admin, body: { rules: tagged('db') } })).status).toBe(200);
    await runDueJobs();
    expect(await compliantDevices(byFilter)).toEqual([c.deviceId]);
    expect((await effective(a)).settings.heartbeatIntervalSeconds).toBe(240);
    expect((await heartbeat(a)).body.heartbeatIntervalSeconds).toBe(heartbeatIntervalFor(240));

    // Deleted: the assignment goes and so do the devices it brought.
    expect((await api.delete(`/filters/${web}`, { token: admin })).status).toBe(204);
    await runDueJobs();
    expect((await api.get(`/policies/${byFilter}`, { token: admin })).body.assignments).toEqual([]);
    expect(await compliantDevices(byFilter)).toEqual([]);
    expect((await effective(c)).settings.heartbeatIntervalSeconds).toBe(240);
    for (const id of [org, byFilter]) expect((await api.delete(`/policies/${id}`, { token: admin })).status).toBe(204);
  });
});
