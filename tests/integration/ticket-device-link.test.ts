// POST /tickets with deviceId: a ticket opened from a device's page is about that device, which
// must be in the caller's scope (404 otherwise) and of the ticket's organization (400 otherwise).
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, type EnrolledAgent } from '../helpers/agents';
import { db } from '@/lib/db';

let admin: string;
let outsider: string;
let orgA: { id: string };
let orgB: { id: string };
let foreignOrg: { id: string };
let agent: EnrolledAgent;

beforeAll(async () => {
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgA = await makeOrg(partner.id);
  orgB = await makeOrg(partner.id);
  agent = await enroll((await createKey(admin, { orgId: orgA.id })).key);
  const foreign = await makePartner();
  outsider = await tokenFor(await makePartnerUser(foreign), { mfa: true });
  foreignOrg = await makeOrg(foreign.id);
});

describe('tickets about a device', () => {
  it('stores the device and lists the ticket under it', async () => {
    const created = await api.post('/tickets', { token: admin, body: { orgId: orgA.id, deviceId: agent.deviceId, subject: 'Fan noise' } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.deviceId).toBe(agent.deviceId);
    const listed = await api.get('/tickets', { token: admin, query: { deviceId: agent.deviceId } });
    expect(listed.body.data.map((t: { id: string }) => t.id)).toEqual([created.body.id]);
  });

  it('refuses a device of another organization (400) and one outside the scope (404)', async () => {
    const before = await db.ticket.count();
    const wrongOrg = await api.post('/tickets', { token: admin, body: { orgId: orgB.id, deviceId: agent.deviceId, subject: 'Wrong org' } });
    expect(wrongOrg.status).toBe(400);
    expect(wrongOrg.body.error.code).toBe('DEVICE_NOT_IN_ORG');
    const foreign = await api.post('/tickets', { token: outsider, body: { orgId: foreignOrg.id, deviceId: agent.deviceId, subject: 'Not mine' } });
    expect(foreign.status).toBe(404);
    expect(await db.ticket.count()).toBe(before);
  });
});
