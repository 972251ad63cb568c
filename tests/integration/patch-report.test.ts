// Patch scan ingest under the conditions the fleet creates: the same scan again (answered
// without writing, unless the device's rows changed since), and many scans at once sharing
// new catalogue rows (one row each, events exactly once).
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, type EnrolledAgent } from '../helpers/agents';
import { db } from '@/lib/db';

let orgId: string;
let agents: EnrolledAgent[];

const update = (name: string, version: string, extra: Record<string, unknown> = {}) => ({ name, installedVersion: '1.0', version, severity: 'moderate', cveIds: [], ...extra });
const report = (agent: EnrolledAgent, updates: unknown[]) => api.put(`/agents/${agent.agentId}/patches`, { token: agent.authToken, body: { manager: 'apt', refreshed: true, updates } });
const rowsOf = (agent: EnrolledAgent) => db.devicePatch.findMany({ where: { deviceId: agent.deviceId }, include: { patch: true }, orderBy: { id: 'asc' } });

beforeAll(async () => {
  const partner = await makePartner();
  const admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgId = (await makeOrg(partner.id)).id;
  const key = await createKey(admin, { orgId });
  agents = [];
  for (let i = 0; i < 8; i++) agents.push(await enroll(key.key));
});

describe('an unchanged scan', () => {
  it('is answered without writing, in any order; a row changed since makes it count again', async () => {
    const [agent] = agents;
    const scan = [update('rpt-libc', '2.36-9', { cveIds: ['CVE-2026-1111'] }), update('rpt-bash', '5.2-2'), update('rpt-vim', '9.0-1')];
    expect((await report(agent, scan)).body).toEqual({ available: 3, new: 3, resolved: 0 });
    const stored = await db.devicePatchScan.findUniqueOrThrow({ where: { deviceId: agent.deviceId } });
    const before = await rowsOf(agent);

    // The same updates in another order, one listed twice.
    const again = await report(agent, [scan[2], scan[0], scan[1], scan[0]]);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual({ available: 3, new: 0, resolved: 0 });
    expect(await rowsOf(agent)).toEqual(before);
    expect(await db.devicePatchScan.findUniqueOrThrow({ where: { deviceId: agent.deviceId } })).toEqual(stored);
    expect(await db.event.count({ where: { orgId, type: 'patch.available', data: { path: ['deviceId'], equals: agent.deviceId } } })).toBe(3);

    // An install job marked one installed; the scan still lists it, so the device needs it again.
    const bash = before.find((r) => r.patch.name === 'rpt-bash')!;
    await db.devicePatch.update({ where: { id: bash.id }, data: { status: 'installed', installedAt: new Date() } });
    expect((await report(agent, scan)).body).toEqual({ available: 3, new: 0, resolved: 0 });
    expect((await db.devicePatch.findUniqueOrThrow({ where: { id: bash.id } })).status).toBe('available');

    // A changed scan is stored in full: vim is gone (installed), libc has a later version.
    expect((await report(agent, [update('rpt-libc', '2.36-10'), update('rpt-bash', '5.2-2')])).body).toEqual({ available: 2, new: 1, resolved: 2 });
    const after = await rowsOf(agent);
    const status = (name: string, version: string) => after.find((r) => r.patch.name === name && r.patch.version === version)?.status;
    expect(status('rpt-libc', '2.36-9')).toBe('superseded');
    expect(status('rpt-vim', '9.0-1')).toBe('installed');
    expect(status('rpt-libc', '2.36-10')).toBe('available');
  });
});

describe('concurrent scans', () => {
  it('share new catalogue rows: one row per package and version, CVE ids merged, events and approvals once', async () => {
    const scans = agents.map((_, i) => [
      update('conc-openssl', '3.0.16', { severity: 'critical', cveIds: [`CVE-2026-${String(2000 + (i % 3)).padStart(4, '0')}`] }),
      update('conc-zlib', '1.3.1'),
      update(`conc-own-${i}`, '1.0.1'),
    ]);
    // Every device uploads at once, and the first device twice.
    const responses = await Promise.all([...agents.map((a, i) => report(a, scans[i])), report(agents[0], scans[0])]);
    for (const res of responses) expect(res.status, res.text).toBe(200);
    // The first device's two uploads together created its three rows once.
    expect(responses[0].body.new + responses[agents.length].body.new).toBe(3);
    for (const res of responses.slice(1, agents.length)) expect(res.body).toEqual({ available: 3, new: 3, resolved: 0 });

    const openssl = await db.patch.findMany({ where: { name: 'conc-openssl' } });
    expect(openssl).toHaveLength(1);
    expect([...openssl[0].cveIds].sort()).toEqual(['CVE-2026-2000', 'CVE-2026-2001', 'CVE-2026-2002']);
    expect(await db.patch.count({ where: { name: 'conc-zlib' } })).toBe(1);
    const deviceIds = agents.map((a) => a.deviceId);
    expect(await db.devicePatch.count({ where: { deviceId: { in: deviceIds }, patch: { name: { startsWith: 'conc-' } } } })).toBe(agents.length * 3);
    expect(await db.patchApproval.count({ where: { orgId, patch: { name: { startsWith: 'conc-' } } } })).toBe(2 + agents.length);
    const events = await db.event.findMany({ where: { orgId, type: 'patch.available' } });
    const concEvents = events.filter((e) => String((e.data as { name: string }).name).startsWith('conc-'));
    expect(concEvents).toHaveLength(agents.length * 3);
    const first = concEvents.find((e) => (e.data as { deviceId: string; name: string }).deviceId === agents[1].deviceId && (e.data as { name: string }).name === 'conc-openssl');
    expect(first?.data).toMatchObject({ patchId: openssl[0].id, hostname: expect.any(String), source: 'linux', version: '3.0.16', installedVersion: '1.0', severity: 'critical' });
  });
});
