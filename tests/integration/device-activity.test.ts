// GET /devices/:id/activity: commands, script runs, alert phases, audited changes and presence
// events of one device, merged newest first and cursor-paginated; 404 outside the caller's scope.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { db } from '@/lib/db';

interface Entry {
  id: string;
  at: string;
  kind: string;
  action: string;
  title: string;
  status: string | null;
  actor: { type: string; id: string | null; name: string | null } | null;
  ref: { type: string; id: string };
}

let admin: string;
let adminName: string;
let agent: EnrolledAgent;
let other: EnrolledAgent;
let orgBUser: string;
let outsider: string;

beforeAll(async () => {
  const partner = await makePartner();
  const user = await makePartnerUser(partner);
  adminName = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).name;
  admin = await tokenFor(user, { mfa: true });
  const orgA = await makeOrg(partner.id);
  const orgB = await makeOrg(partner.id);
  agent = await enroll((await createKey(admin, { orgId: orgA.id })).key);
  other = await enroll((await createKey(admin, { orgId: orgA.id })).key);
  orgBUser = await tokenFor(await makeOrgUser(partner, orgB));
  const foreign = await makePartner();
  outsider = await tokenFor(await makePartnerUser(foreign), { mfa: true });
});

async function activity(token: string, deviceId: string, query: Record<string, string | number> = {}) {
  return api.get<{ data: Entry[]; pagination: { nextCursor: string | null; limit: number } }>(`/devices/${deviceId}/activity`, { token, query });
}

async function allPages(deviceId: string, limit: number): Promise<Entry[]> {
  const out: Entry[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i++) {
    const res = await activity(admin, deviceId, { limit, ...(cursor ? { cursor } : {}) });
    expect(res.status, res.text).toBe(200);
    out.push(...res.body.data);
    if (!res.body.pagination.nextCursor) return out;
    cursor = res.body.pagination.nextCursor;
  }
  throw new Error('pagination did not end');
}

describe('device activity timeline', () => {
  it('merges commands, script runs, alert phases, changes and presence newest first, page by page', async () => {
    await heartbeat(agent);
    expect((await api.patch(`/devices/${agent.deviceId}`, { token: admin, body: { tags: ['kiosk'] } })).status).toBe(200);
    const reboot = await api.post(`/devices/${agent.deviceId}/commands`, { token: admin, body: { type: 'reboot', payload: {} } });
    expect(reboot.status, reboot.text).toBe(201);
    const device = await db.device.findUniqueOrThrow({ where: { id: agent.deviceId } });
    const script = await api.post('/scripts', { token: admin, body: { name: 'Disk check', osTypes: ['linux'], language: 'bash', content: 'exit 2', orgId: device.orgId, exitCodeSeverityMapping: { '2': 'high' } } });
    expect(script.status, script.text).toBe(201);
    expect((await api.post(`/scripts/${script.body.id}/execute`, { token: admin, body: { deviceIds: [agent.deviceId] } })).status).toBe(202);
    const delivered = (await heartbeat(agent)).body.commands as { id: string; type: string }[];
    const scriptCommand = delivered.find((c) => c.type === 'run_script')!;
    expect((await postResult(agent, scriptCommand.id, { status: 'failed', exitCode: 2 })).status).toBe(200);
    const alert = await db.alert.findFirstOrThrow({ where: { deviceId: agent.deviceId, source: 'script' } });
    expect((await api.post(`/alerts/${alert.id}/acknowledge`, { token: admin, body: {} })).status).toBe(200);
    // Another device's history stays out of this one's.
    await api.post(`/devices/${other.deviceId}/commands`, { token: admin, body: { type: 'refresh_inventory', payload: {} } });

    const first = await activity(admin, agent.deviceId);
    expect(first.status, first.text).toBe(200);
    const entries = first.body.data;
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['device.enrolled', 'device.update', 'command.reboot', 'script.run', 'alert.raised', 'alert.acknowledged']));
    // The script's own command and the audit copy of the reboot are not listed twice.
    expect(entries.filter((e) => e.ref.id === scriptCommand.id)).toHaveLength(0);
    expect(actions).not.toContain('command.run_script');
    expect(actions).not.toContain('device.command');
    expect(actions).not.toContain('agent.enroll');
    expect(entries.some((e) => e.ref.type === 'command' && e.action === 'command.refresh_inventory')).toBe(false);
    const times = entries.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(entries.find((e) => e.action === 'command.reboot')).toMatchObject({ kind: 'command', title: 'reboot', status: 'sent', actor: { type: 'user', name: adminName }, ref: { type: 'command', id: reboot.body.id } });
    expect(entries.find((e) => e.action === 'script.run')).toMatchObject({ kind: 'script', title: 'Disk check', status: 'failed' });
    expect(entries.find((e) => e.action === 'alert.acknowledged')).toMatchObject({ kind: 'alert', status: 'acknowledged', actor: { type: 'user', name: adminName }, ref: { type: 'alert', id: alert.id } });
    expect(entries.find((e) => e.action === 'device.update')).toMatchObject({ kind: 'change', status: 'success' });

    // Pages of two walk the same timeline without gaps or repeats.
    const paged = await allPages(agent.deviceId, 2);
    expect(paged.map((e) => e.id)).toEqual(entries.map((e) => e.id));

    const onlyAlerts = await activity(admin, agent.deviceId, { kinds: 'alert' });
    expect(onlyAlerts.body.data.map((e) => e.action).sort()).toEqual(['alert.acknowledged', 'alert.raised']);
  });

  it('answers 404 for a device outside the caller’s scope, and 400 for a forged cursor', async () => {
    const foreign = await api.get<{ error: { code: string } }>(`/devices/${agent.deviceId}/activity`, { token: outsider });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    expect((await activity(orgBUser, agent.deviceId)).status).toBe(404);
    const forged = await activity(admin, agent.deviceId, { cursor: 'eyJhdCI6IjIwMjAifQ.forged' });
    expect(forged.status).toBe(400);
    expect((await activity(admin, agent.deviceId, { kinds: 'logins' })).status).toBe(400);
  });
});
