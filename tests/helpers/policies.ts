// The world of the configuration-policy files: a partner with an admin, an organization with a
// site, an organization user, a foreign admin, and three enrolled agents in the site (two Linux,
// one Windows), plus the calls those files make against it.
import { expect } from 'vitest';
import { api } from './http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, makeSite, tokenFor } from './factories';
import { createKey, enroll, type EnrolledAgent } from './agents';
import { runDueJobs } from './jobs';
import { db } from '@/lib/db';

export interface PolicyWorld {
  partner: Awaited<ReturnType<typeof makePartner>>;
  admin: string;
  orgUser: string;
  outsider: string;
  orgId: string;
  otherOrgId: string;
  siteId: string;
  a: EnrolledAgent;
  b: EnrolledAgent;
  c: EnrolledAgent;
  /** Creates a policy in the organization (201 asserted). */
  create(body: Record<string, unknown>): Promise<{ id: string; [k: string]: unknown }>;
  /** Uploads an inventory with just these packages. */
  inventory(agent: EnrolledAgent, software: { name: string; version?: string }[]): ReturnType<typeof api.put>;
  /** A device's row of GET /policies/:id/compliance. */
  deviceStatus(policyId: string, deviceId: string): Promise<{ deviceId: string; status: string; checks: { checkId: string; status: string; detail: string }[] } | undefined>;
  /** The partner's events of a type for one policy and device. */
  events(type: string, policyId: string, deviceId: string): ReturnType<typeof db.event.findMany>;
}

export const uniq = () => Math.random().toString(36).slice(2, 7);

export async function makePolicyWorld(): Promise<PolicyWorld> {
  const partner = await makePartner();
  const admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const org = await makeOrg(partner.id);
  const orgId = org.id;
  const otherOrgId = (await makeOrg(partner.id)).id;
  const siteId = (await makeSite(org)).id;
  const orgUser = await tokenFor(await makeOrgUser(partner, org, { role: 'Organization User' }));
  const outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
  const key = (await createKey(admin, { orgId, siteId })).key;
  const a = await enroll(key, { hostname: 'pol-a' });
  const b = await enroll(key, { hostname: 'pol-b' });
  const c = await enroll(key, { hostname: 'pol-c', osType: 'windows', osVersion: 'Windows 11' });
  await runDueJobs();
  return {
    partner,
    admin,
    orgUser,
    outsider,
    orgId,
    otherOrgId,
    siteId,
    a,
    b,
    c,
    async create(body) {
      const res = await api.post('/policies', { token: admin, body: { name: `P ${uniq()}`, orgId, ...body } });
      expect(res.status, res.text).toBe(201);
      return res.body as { id: string; [k: string]: unknown };
    },
    inventory: (agent, software) => api.put(`/agents/${agent.agentId}/inventory`, { token: agent.authToken, body: { hardware: {}, os: {}, disks: [], network: [], software } }),
    async deviceStatus(policyId, deviceId) {
      const res = await api.get(`/policies/${policyId}/compliance`, { token: admin, query: { limit: 100 } });
      expect(res.status, res.text).toBe(200);
      return (res.body.data as { deviceId: string; status: string; checks: { checkId: string; status: string; detail: string }[] }[]).find((r) => r.deviceId === deviceId);
    },
    events: (type, policyId, deviceId) =>
      db.event.findMany({ where: { type, partnerId: partner.id, AND: [{ data: { path: ['policyId'], equals: policyId } }, { data: { path: ['deviceId'], equals: deviceId } }] } }),
  };
}
