// Partner offboarding end to end (doc 1 "States and transitions", all four rows), with the
// reaper driven through graphile-worker jobs rather than waiting.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, makePlatformAdmin, tokenFor } from '../helpers/factories';
import { createKey, enroll, enrollBody, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { makeJobsDue, pendingJobCount, runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';

let sys: string;

beforeAll(async () => {
  sys = await tokenFor(await makePlatformAdmin(), { mfa: true });
});

async function tenantWithAgents(n: number) {
  const partner = await makePartner();
  const user = await makePartnerUser(partner);
  const admin = await tokenFor(user, { mfa: true });
  const org = await makeOrg(partner.id);
  const key = await createKey(admin, { orgId: org.id });
  const agents: EnrolledAgent[] = [];
  for (let i = 0; i < n; i++) agents.push(await enroll(key.key));
  return { partner, admin, org, key, agents };
}

const setStatus = (partnerId: string, status: string) => api.patch(`/orgs/partners/${partnerId}`, { token: sys, body: { status } });
const partnerStatus = async (id: string) => (await db.partner.findUniqueOrThrow({ where: { id } })).status;

describe('offboarding', () => {
  it('revokes users at once, narrows agents to heartbeat + self_uninstall, and churns when every agent has uninstalled', async () => {
    const t = await tenantWithAgents(2);
    const [a, b] = t.agents;
    const script = await api.post(`/devices/${a.deviceId}/commands`, { token: t.admin, body: { type: 'run_script', payload: { interpreter: 'bash', script: 'id' } } });
    expect(script.status).toBe(201);

    expect((await setStatus(t.partner.id, 'offboarding')).status).toBe(200);
    expect((await api.get('/devices', { token: t.admin })).status).toBe(401);

    // Narrowed agent: the beat works and delivers only the uninstall.
    const beat = await heartbeat(a);
    expect(beat.status).toBe(200);
    expect(beat.body.mode).toBe('offboarding');
    expect(beat.body.commands.map((c: { type: string }) => c.type)).toEqual(['self_uninstall']);
    const uninstallA = beat.body.commands[0].id;
    // Everything else is refused.
    const inventory = await api.put(`/agents/${a.agentId}/inventory`, { token: a.authToken, body: {} });
    expect([inventory.status, inventory.body.error.code]).toEqual([403, 'AGENT_ACCESS_NARROWED']);
    await db.deviceCommand.update({ where: { id: script.body.id }, data: { status: 'sent' } });
    const otherResult = await postResult(a, script.body.id, { status: 'completed' });
    expect([otherResult.status, otherResult.body.error.code]).toEqual([403, 'AGENT_ACCESS_NARROWED']);
    const newcomer = await api.post('/agents/enroll', { body: enrollBody(t.key.key) });
    expect([newcomer.status, newcomer.body.error.code]).toEqual([403, 'PARTNER_OFFBOARDING']);

    // A uninstalls; B has not yet: the reaper waits.
    expect((await postResult(a, uninstallA, { status: 'completed', stdout: 'removed' })).status).toBe(200);
    expect((await db.device.findUniqueOrThrow({ where: { id: a.deviceId } })).status).toBe('uninstalled');
    expect((await heartbeat(a)).status).toBe(401);
    await runDueJobs();
    expect(await partnerStatus(t.partner.id)).toBe('offboarding');

    // B collects its uninstall and reports it: the last agent is gone, the partner is churned.
    const beatB = await heartbeat(b);
    expect(beatB.body.commands.map((c: { type: string }) => c.type)).toEqual(['self_uninstall']);
    expect((await postResult(b, beatB.body.commands[0].id, { status: 'completed' })).status).toBe(200);
    await runDueJobs();
    expect(await partnerStatus(t.partner.id)).toBe('churned');
    const churn = await db.auditLog.findFirst({ where: { action: 'partner.churned', targetId: t.partner.id } });
    expect(churn?.details).toMatchObject({ reason: 'all_agents_uninstalled' });
    // The drain-deadline job left behind does nothing to a churned partner.
    await makeJobsDue(['finalize_offboarding']);
    await runDueJobs();
    expect(await partnerStatus(t.partner.id)).toBe('churned');
  });

  it('churns when the drain window closes and severs the remaining agent credentials', async () => {
    const t = await tenantWithAgents(2);
    const [a, b] = t.agents;
    expect((await setStatus(t.partner.id, 'offboarding')).status).toBe(200);
    expect(await pendingJobCount('finalize_offboarding')).toBeGreaterThan(0);
    const deadline = await db.$queryRaw<{ run_at: Date }[]>`
      select j.run_at from graphile_worker._private_jobs j where j.key = ${`offboarding-deadline:${t.partner.id}`}`;
    const started = (await db.partner.findUniqueOrThrow({ where: { id: t.partner.id } })).offboardingStartedAt!;
    expect(deadline[0].run_at.getTime() - started.getTime()).toBe(72 * 3600_000);

    await heartbeat(a); // collects its uninstall but never reports
    await runDueJobs(); // nothing is due yet besides the immediate check
    expect(await partnerStatus(t.partner.id)).toBe('offboarding');
    expect((await heartbeat(b)).status).toBe(200);

    // The window closes.
    expect(await makeJobsDue(['finalize_offboarding'])).toBeGreaterThan(0);
    await runDueJobs();
    expect(await partnerStatus(t.partner.id)).toBe('churned');
    for (const agent of [a, b]) {
      const res = await heartbeat(agent);
      expect([res.status, res.body.error.code]).toEqual([401, 'AGENT_REVOKED']);
    }
    expect(await db.deviceCommand.count({ where: { partnerId: t.partner.id, status: 'pending' } })).toBe(0);
    expect((await db.auditLog.findFirst({ where: { action: 'partner.churned', targetId: t.partner.id } }))?.details).toMatchObject({ reason: 'drain_window_closed', severedAgents: 2 });
    expect((await setStatus(t.partner.id, 'active')).status).toBe(409);
  });

  it('going back to active before the reaper cancels un-collected uninstalls and restores agent access', async () => {
    const t = await tenantWithAgents(2);
    const [a, b] = t.agents;
    const queued = await api.post(`/devices/${a.deviceId}/commands`, { token: t.admin, body: { type: 'refresh_inventory' } });
    expect((await setStatus(t.partner.id, 'offboarding')).status).toBe(200);
    const collected = (await heartbeat(b)).body.commands[0];
    expect(collected.type).toBe('self_uninstall');

    expect((await setStatus(t.partner.id, 'active')).status).toBe(200);
    const uninstalls = await db.deviceCommand.findMany({ where: { partnerId: t.partner.id, type: 'self_uninstall' }, orderBy: { deviceId: 'asc' } });
    expect(Object.fromEntries(uninstalls.map((c) => [c.deviceId, c.status]))).toEqual({ [a.deviceId]: 'cancelled', [b.deviceId]: 'sent' });

    // Full agent access again: normal mode, the earlier command is delivered, inventory accepted.
    const beat = await heartbeat(a);
    expect(beat.body.mode).toBe('normal');
    expect(beat.body.commands.map((c: { id: string }) => c.id)).toEqual([queued.body.id]);
    expect((await api.put(`/agents/${a.agentId}/inventory`, { token: a.authToken, body: {} })).status).toBe(200);
    expect((await api.post('/agents/enroll', { body: enrollBody(t.key.key) })).status).toBe(201);

    // The reaper's jobs are gone: nothing happens when their time would have come.
    await makeJobsDue(['finalize_offboarding']);
    await runDueJobs();
    expect(await partnerStatus(t.partner.id)).toBe('active');
    expect((await db.partner.findUniqueOrThrow({ where: { id: t.partner.id } })).offboardingStartedAt).toBeNull();
  });

  it('a partner without agents is churned by the first reaper run', async () => {
    const t = await tenantWithAgents(0);
    expect((await setStatus(t.partner.id, 'offboarding')).status).toBe(200);
    await runDueJobs();
    expect(await partnerStatus(t.partner.id)).toBe('churned');
  });
});
