// The evaluation of configuration policies with the real evaluate_policies task: software checks
// from inventory, posture checks, agent checks answered over the real agent protocol (heartbeat
// claims the policy_check command, the result endpoint records it), events on transitions only,
// deactivation, and how runs of one partner's policies share their work.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeSite } from '../helpers/factories';
import { heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { pendingJobCount, runDueJobs } from '../helpers/jobs';
import { makePolicyWorld, uniq, type PolicyWorld } from '../helpers/policies';
import { db } from '@/lib/db';
import { enqueueJob } from '@/lib/jobs/enqueue-job';
import { runPolicyEvaluation } from '@/lib/policies/evaluate-policies';

let admin: string;
let partner: PolicyWorld['partner'];
let orgId: string;
let siteId: string;
let a: EnrolledAgent;
let b: EnrolledAgent;
let c: EnrolledAgent;
let create: PolicyWorld['create'];
let inventory: PolicyWorld['inventory'];
let deviceStatus: PolicyWorld['deviceStatus'];
let events: PolicyWorld['events'];

async function evaluate() {
  await runDueJobs();
}

beforeAll(async () => {
  ({ admin, partner, orgId, siteId, a, b, c, create, inventory, deviceStatus, events } = await makePolicyWorld());
});

describe('evaluation', () => {
  it('decides software checks from inventory and re-evaluates when the inventory changes', async () => {
    expect((await inventory(a, [{ name: 'OpenSSL', version: '3.0.11' }, { name: 'telnetd', version: '0.17' }])).status).toBe(200);
    expect((await inventory(b, [{ name: 'openssl', version: '1.1.1' }])).status).toBe(200);
    const p = await create({
      checks: [
        { id: 'ssl', kind: 'software_required', name: 'openssl', version: { op: '>=', version: '3.0' } },
        { id: 'no-telnet', kind: 'software_forbidden', name: 'telnetd' },
      ],
      assignments: [{ targetType: 'device', targetId: a.deviceId }, { targetType: 'device', targetId: b.deviceId }],
    });
    await evaluate();
    const ra = await deviceStatus(p.id, a.deviceId);
    expect(ra?.status).toBe('non_compliant');
    expect(Object.fromEntries(ra!.checks.map((x) => [x.checkId, x.status]))).toEqual({ ssl: 'pass', 'no-telnet': 'fail' });
    const rb = await deviceStatus(p.id, b.deviceId);
    expect(Object.fromEntries(rb!.checks.map((x) => [x.checkId, x.status]))).toEqual({ ssl: 'fail', 'no-telnet': 'pass' });
    expect(rb!.checks.find((x) => x.checkId === 'ssl')!.detail).toContain('1.1.1');
    expect((await events('policy.violation', p.id, a.deviceId)).length).toBe(1);

    // a fixed inventory brings a back: one compliant event, then nothing new on a re-run
    expect((await inventory(a, [{ name: 'OpenSSL', version: '3.2' }])).status).toBe(200);
    await evaluate();
    expect((await deviceStatus(p.id, a.deviceId))?.status).toBe('compliant');
    await enqueueJob(db, 'evaluate_policies', {});
    await evaluate();
    expect((await events('policy.compliant', p.id, a.deviceId)).length).toBe(1);
    expect((await events('policy.violation', p.id, a.deviceId)).length).toBe(1);
    expect((await events('policy.evaluated', p.id, a.deviceId)).length).toBeGreaterThanOrEqual(3);
    const history = await db.devicePolicyResultHistory.findMany({ where: { policyId: p.id, deviceId: a.deviceId, checkId: 'no-telnet' }, orderBy: { createdAt: 'asc' } });
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'fail'], ['fail', 'pass']]);

    const summary = await api.get('/policies/compliance/summary', { token: admin, query: { search: p.name as string } });
    expect(summary.body.data[0]).toMatchObject({ policyId: p.id, compliant: 1, nonCompliant: 1, pending: 0, total: 2, compliancePercent: 50 });
    const stats = await api.get('/policies/compliance/stats', { token: admin });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.assignments.nonCompliant).toBeGreaterThanOrEqual(1);
    const failing = await api.get(`/policies/${p.id}/compliance`, { token: admin, query: { status: 'non_compliant' } });
    expect(failing.body.data.map((r: { hostname: string }) => r.hostname)).toEqual(['pol-b']);
    await api.delete(`/policies/${p.id}`, { token: admin });
    await runDueJobs();
  });

  it('decides posture checks from stored data', async () => {
    await db.agentVersion.updateMany({ where: { promoted: true }, data: { promoted: false } });
    await db.agentVersion.upsert({ where: { version: '1.5.0' }, create: { version: '1.5.0', promoted: true }, update: { promoted: true } });
    const p = await create({
      checks: [{ id: 'agent', kind: 'security_posture', key: 'agent_up_to_date' }, { id: 'patches', kind: 'security_posture', key: 'no_overdue_critical_patches', params: { maxAgeDays: 7 } }],
      assignments: [{ targetType: 'device', targetId: a.deviceId }],
    });
    await evaluate();
    const r = await deviceStatus(p.id, a.deviceId);
    expect(Object.fromEntries(r!.checks.map((x) => [x.checkId, x.status]))).toEqual({ agent: 'fail', patches: 'pass' });
    expect(r!.checks.find((x) => x.checkId === 'agent')!.detail).toContain('1.5.0');
    await api.delete(`/policies/${p.id}`, { token: admin });
    await db.agentVersion.update({ where: { version: '1.5.0' }, data: { promoted: false } });
    await runDueJobs();
  });

  it('sends one policy_check per device and records the agent answers over the agent protocol', async () => {
    const p = await create({
      checks: [
        { id: 'nginx', kind: 'service_running', name: 'nginx.service' },
        { id: 'conf', kind: 'file_exists', path: '/etc/nginx/nginx.conf' },
        { id: 'script', kind: 'script', check: { interpreter: 'bash', script: 'exit 0' } },
      ],
      assignments: [{ targetType: 'organization', targetId: orgId }],
    });
    await evaluate();
    expect((await deviceStatus(p.id, c.deviceId))?.status).toBe('pending');
    // A second evaluation refreshes the pending command instead of adding one.
    await enqueueJob(db, 'evaluate_policies', { policyId: p.id });
    await evaluate();
    const pending = await db.deviceCommand.findMany({ where: { deviceId: c.deviceId, type: 'policy_check', status: 'pending' } });
    expect(pending).toHaveLength(1);
    const beat = await heartbeat(c);
    const cmd = beat.body.commands.find((x: { type: string }) => x.type === 'policy_check');
    expect(cmd.payload.checks.map((x: { id: string }) => x.id).sort()).toEqual([`${p.id}:conf`, `${p.id}:nginx`, `${p.id}:script`]);
    const res = await postResult(c, cmd.id, {
      status: 'completed',
      exitCode: 0,
      result: {
        checks: [
          { id: `${p.id}:nginx`, status: 'fail', detail: 'nginx.service is inactive' },
          { id: `${p.id}:conf`, status: 'unsupported', detail: 'not on Windows' },
          { id: `${p.id}:script`, status: 'pass', detail: 'exit code 0', exitCode: 0 },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    const r = await deviceStatus(p.id, c.deviceId);
    expect(r?.status).toBe('non_compliant');
    expect(Object.fromEntries(r!.checks.map((x) => [x.checkId, x.status]))).toEqual({ nginx: 'fail', conf: 'unsupported', script: 'pass' });
    expect((await events('policy.violation', p.id, c.deviceId)).length).toBe(1);

    // The next answer: nginx runs again; unsupported does not count against compliance.
    await enqueueJob(db, 'evaluate_policies', { policyId: p.id });
    await evaluate();
    const beat2 = await heartbeat(c);
    const cmd2 = beat2.body.commands.find((x: { type: string }) => x.type === 'policy_check');
    await postResult(c, cmd2.id, {
      status: 'completed',
      result: { checks: [{ id: `${p.id}:nginx`, status: 'pass', detail: 'active' }, { id: `${p.id}:conf`, status: 'unsupported', detail: 'not on Windows' }, { id: `${p.id}:script`, status: 'pass', detail: 'exit code 0' }] },
    });
    expect((await deviceStatus(p.id, c.deviceId))?.status).toBe('compliant');
    expect((await events('policy.compliant', p.id, c.deviceId)).length).toBe(1);
    const device = await api.get(`/policies/compliance/device/${c.deviceId}`, { token: admin });
    expect(device.status, device.text).toBe(200);
    expect(device.body.status).toBe('compliant');

    // Deactivation stops evaluation: no new command, results frozen, out of the fleet stats.
    const before = await db.deviceCommand.count({ where: { deviceId: c.deviceId, type: 'policy_check' } });
    const deact = await api.post(`/policies/${p.id}/deactivate`, { token: admin });
    expect(deact.status).toBe(200);
    expect(deact.body.active).toBe(false);
    await enqueueJob(db, 'evaluate_policies', {});
    await evaluate();
    expect(await db.deviceCommand.count({ where: { deviceId: c.deviceId, type: 'policy_check' } })).toBe(before);
    expect(await db.devicePolicyResult.count({ where: { policyId: p.id, deviceId: c.deviceId } })).toBe(3);
    expect(await db.devicePolicyResultHistory.count({ where: { policyId: p.id } })).toBeGreaterThan(0);
    expect((await api.get(`/policies/compliance/device/${c.deviceId}`, { token: admin })).body.policies).toEqual([]);
    const evaluated = (await events('policy.evaluated', p.id, c.deviceId)).length;
    await enqueueJob(db, 'evaluate_policies', { deviceIds: [c.deviceId] });
    await evaluate();
    expect((await events('policy.evaluated', p.id, c.deviceId)).length).toBe(evaluated);
  });
  it('the scheduled run clears the current rows of a device the policy no longer applies to', async () => {
    const p = await create({ checks: [{ id: 'agent', kind: 'security_posture', key: 'agent_up_to_date' }], assignments: [{ targetType: 'device', targetId: a.deviceId }] });
    await evaluate();
    expect(await db.devicePolicyCompliance.count({ where: { policyId: p.id } })).toBe(1);
    // The assignment goes without a job for the policy (as if a replaced job lost the device).
    await db.policyAssignment.deleteMany({ where: { policyId: p.id } });
    await enqueueJob(db, 'evaluate_policies', {});
    await evaluate();
    expect(await db.devicePolicyCompliance.count({ where: { policyId: p.id } })).toBe(0);
    expect(await db.devicePolicyResult.count({ where: { policyId: p.id } })).toBe(0);
    expect(await db.devicePolicyResultHistory.count({ where: { policyId: p.id } })).toBe(1);
    await api.delete(`/policies/${p.id}`, { token: admin });
  });

  it('concurrent evaluations of the same devices emit one violation', async () => {
    expect((await inventory(b, [{ name: 'telnetd', version: '0.17' }])).status).toBe(200);
    const p = await create({ checks: [{ id: 'no-telnet', kind: 'software_forbidden', name: 'telnetd' }], active: false, assignments: [{ targetType: 'device', targetId: b.deviceId }] });
    await db.policy.update({ where: { id: p.id }, data: { active: true } });
    await Promise.all([runPolicyEvaluation({ policyId: p.id }), runPolicyEvaluation({ policyId: p.id }), runPolicyEvaluation({ deviceIds: [b.deviceId] })]);
    expect((await events('policy.violation', p.id, b.deviceId)).length).toBe(1);
    expect((await events('policy.evaluated', p.id, b.deviceId)).length).toBe(3);
    await api.delete(`/policies/${p.id}`, { token: admin });
    await runDueJobs();
  });

  it('one policy run takes over the policy runs queued behind it for the partner', async () => {
    expect((await inventory(b, [{ name: 'telnetd', version: '0.17' }])).status).toBe(200);
    await evaluate();
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await create({ checks: [{ id: 'no-telnet', kind: 'software_forbidden', name: 'telnetd' }], assignments: [{ targetType: 'device', targetId: b.deviceId }] }));
    const [first, second] = created;
    expect(await pendingJobCount('evaluate_policies')).toBe(3);
    // A run for the first policy (not started by a worker here, so its own job is still queued
    // too) evaluates all three: nothing is left queued.
    expect(await runPolicyEvaluation({ policyId: first.id })).toEqual({ devices: 1 });
    expect(await pendingJobCount('evaluate_policies')).toBe(0);
    for (const p of created) {
      expect(await db.devicePolicyCompliance.findUniqueOrThrow({ where: { deviceId_policyId: { deviceId: b.deviceId, policyId: p.id } } })).toMatchObject({ status: 'non_compliant' });
      expect((await events('policy.violation', p.id, b.deviceId)).length).toBe(1);
    }
    // A queued job a worker already holds is left to it.
    await create({ checks: [], assignments: [{ targetType: 'device', targetId: b.deviceId }] });
    await db.$executeRaw`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'elsewhere' where key like 'evaluate_policies:%'`;
    const held = await pendingJobCount('evaluate_policies');
    await runPolicyEvaluation({ policyId: second.id });
    expect(held).toBe(1);
    expect(await pendingJobCount('evaluate_policies')).toBe(held);
    await db.$executeRaw`delete from graphile_worker._private_jobs where locked_by = 'elsewhere'`;
    for (const p of created) await api.delete(`/policies/${p.id}`, { token: admin });
    await runDueJobs();
  });

  it('re-evaluates a device moved into or out of an assigned site', async () => {
    const site2 = await makeSite({ id: orgId, partnerId: partner.id });
    const p = await create({ checks: [{ id: 'agent', kind: 'security_posture', key: 'agent_up_to_date' }], assignments: [{ targetType: 'site', targetId: site2.id }] });
    await evaluate();
    expect(await db.devicePolicyCompliance.count({ where: { policyId: p.id } })).toBe(0);
    expect((await api.patch(`/devices/${a.deviceId}`, { token: admin, body: { siteId: site2.id } })).status).toBe(200);
    await evaluate();
    expect((await db.devicePolicyCompliance.findMany({ where: { policyId: p.id } })).map((r) => r.deviceId)).toEqual([a.deviceId]);
    expect((await api.patch(`/devices/${a.deviceId}`, { token: admin, body: { siteId } })).status).toBe(200);
    await evaluate();
    expect(await db.devicePolicyCompliance.count({ where: { policyId: p.id } })).toBe(0);
    await api.delete(`/policies/${p.id}`, { token: admin });
    await runDueJobs();
  });

  it('re-evaluates devices added to or removed from an assigned static group', async () => {
    const group = await api.post('/groups', { token: admin, body: { orgId, name: `G ${uniq()}`, type: 'static' } });
    expect(group.status, group.text).toBe(201);
    const p = await create({ checks: [{ id: 'agent', kind: 'security_posture', key: 'agent_up_to_date' }], assignments: [{ targetType: 'group', targetId: group.body.id }] });
    await evaluate();
    expect((await api.post(`/groups/${group.body.id}/devices`, { token: admin, body: { deviceIds: [a.deviceId, b.deviceId] } })).status).toBe(200);
    await evaluate();
    expect((await db.devicePolicyCompliance.findMany({ where: { policyId: p.id } })).map((r) => r.deviceId).sort()).toEqual([a.deviceId, b.deviceId].sort());
    expect((await api.delete(`/groups/${group.body.id}/devices/${b.deviceId}`, { token: admin })).status).toBe(204);
    await evaluate();
    expect((await db.devicePolicyCompliance.findMany({ where: { policyId: p.id } })).map((r) => r.deviceId)).toEqual([a.deviceId]);
    await api.delete(`/policies/${p.id}`, { token: admin });
    await runDueJobs();
  });

  it('records error for every check when the policy_check command fails', async () => {
    const p = await create({ checks: [{ id: 'motd', kind: 'file_exists', path: '/etc/motd' }], assignments: [{ targetType: 'device', targetId: b.deviceId }] });
    await evaluate();
    const beat = await heartbeat(b);
    const cmd = beat.body.commands.find((x: { type: string }) => x.type === 'policy_check');
    expect(cmd.payload.checks).toEqual([{ id: `${p.id}:motd`, kind: 'file_exists', path: '/etc/motd' }]);
    expect((await postResult(b, cmd.id, { status: 'failed', exitCode: 1, stderr: 'crashed' })).status).toBe(200);
    const r = await deviceStatus(p.id, b.deviceId);
    expect(r?.status).toBe('non_compliant');
    expect(r?.checks[0]).toMatchObject({ checkId: 'motd', status: 'error', detail: 'The policy_check command ended failed' });
    await api.delete(`/policies/${p.id}`, { token: admin });
    await runDueJobs();
  });
});
