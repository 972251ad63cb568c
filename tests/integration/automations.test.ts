// Automations through the API with the real worker tasks: CRUD and validation, an event-trigger
// that runs a script when device.offline fires (the agent claims and reports it over the agent
// protocol), trigger vs run, conditions, tickets and the service-management gate, the loop
// guard, crash safety of the run job, the automation.* events, tenancy and the partner-API export.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makeOrgUser, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { asPrincipal, makePrincipal } from '../helpers/partner-api';
import { startWebhookReceiver } from '../helpers/webhook-receiver';
import { runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { sweepDevicePresence } from '@/lib/devices/sweep-device-presence';
import { matchAutomationEvents, runDueAutomations } from '@/lib/automations/sweeps';
import { executeAutomationRun } from '@/lib/automations/execute-run';
import { createRun } from '@/lib/automations/start-run';

let admin: string;
let orgUser: string;
let outsider: string;
let partner: Awaited<ReturnType<typeof makePartner>>;
let orgId: string;
let otherOrgId: string;
let linux: EnrolledAgent;
let linux2: EnrolledAgent;
let windows: EnrolledAgent;
let scriptId: string;
let groupId: string;

const create = (body: Record<string, unknown>) => api.post('/automations', { token: admin, body: { orgId, name: `A ${Math.random().toString(36).slice(2, 7)}`, ...body } });
const run = async (id: string) => (await api.get(`/automations/runs/${id}`, { token: admin })).body;
const events = (type: string, runId: string) => db.event.count({ where: { type, data: { path: ['runId'], equals: runId } } });
const scriptAction = () => ({ type: 'run_script', scriptId });

/** The agent claims the run's queued scripts on its device and reports them; the run's job goes on. */
async function reportScripts(agent: EnrolledAgent, runId: string, exitCode: number, stdout: string): Promise<void> {
  const steps = (await run(runId)).steps.filter((s: { deviceId: string; status: string }) => s.deviceId === agent.deviceId && s.status === 'running');
  const hb = await heartbeat(agent);
  for (const step of steps) {
    const command = (hb.body.commands as { id: string }[]).find((c) => c.id === step.result.commandId);
    expect(command, 'the agent claims the queued script').toBeDefined();
    expect((await postResult(agent, command!.id, { status: 'completed', exitCode, stdout, stderr: exitCode ? 'boom' : '' })).status).toBe(200);
  }
  await runDueJobs();
}

beforeAll(async () => {
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const org = await makeOrg(partner.id);
  orgId = org.id;
  otherOrgId = (await makeOrg(partner.id)).id;
  orgUser = await tokenFor(await makeOrgUser(partner, org, { role: 'Organization User' }));
  outsider = await tokenFor(await makePartnerUser(await makePartner()), { mfa: true });
  const key = (await createKey(admin, { orgId })).key;
  linux = await enroll(key, { hostname: 'auto-a' });
  linux2 = await enroll(key, { hostname: 'auto-b' });
  windows = await enroll(key, { hostname: 'auto-win', osType: 'windows', osVersion: 'Windows 11' });
  const script = await api.post('/scripts', { token: admin, body: { name: 'Restart service', osTypes: ['linux', 'windows'], language: 'bash', content: 'echo restarted', orgId } });
  expect(script.status, script.text).toBe(201);
  scriptId = script.body.id;
  const group = await api.post('/groups', { token: admin, body: { name: 'Flagged', type: 'static', orgId } });
  expect(group.status, group.text).toBe(201);
  groupId = group.body.id;
});

describe('CRUD and validation', () => {
  it('creates, reads, lists, edits and deletes an automation, with audit entries', async () => {
    const created = await create({ trigger: { type: 'schedule', cron: '0 3 * * *' }, actions: [scriptAction()], targets: { deviceIds: [linux.deviceId] } });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ orgId, enabled: true, trigger: { type: 'schedule', cron: '0 3 * * *' }, conditions: { osTypes: [] }, actions: [{ type: 'run_script', scriptId, parameters: {} }] });
    expect(new Date(created.body.nextRunAt).getUTCHours()).toBe(3);
    const id = created.body.id;
    expect((await api.get(`/automations/${id}`, { token: admin })).body.id).toBe(id);
    const list = await api.get('/automations', { token: admin, query: { triggerType: 'schedule' } });
    expect(list.body.data.map((a: { id: string }) => a.id)).toContain(id);
    expect((await api.get('/automations', { token: orgUser })).status).toBe(200);
    const patched = await api.patch(`/automations/${id}`, { token: admin, body: { enabled: false } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ enabled: false, nextRunAt: null });
    expect((await api.delete(`/automations/${id}`, { token: admin })).status).toBeLessThan(300);
    expect((await api.get(`/automations/${id}`, { token: admin })).status).toBe(404);
    expect(await db.auditLog.count({ where: { targetId: id, action: { startsWith: 'automation.' } } })).toBe(3);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await db.automation.count();
    const afterPatchProbe = 1;
    const bad: [Record<string, unknown>, string][] = [
      [{ trigger: { type: 'schedule', cron: '61 * * * *' }, actions: [scriptAction()] }, 'body.trigger.cron'],
      [{ trigger: { type: 'event', eventType: 'device.exploded' }, actions: [scriptAction()] }, 'body.trigger.eventType'],
      [{ trigger: { type: 'manual' }, actions: [] }, 'body.actions'],
      [{ trigger: { type: 'manual' }, actions: [{ type: 'launch_rocket' }] }, 'body.actions.0.type'],
      [{ trigger: { type: 'manual' }, actions: [{ type: 'device_command', command: { type: 'self_uninstall', payload: {} } }] }, 'body.actions.0.command'],
      [{ trigger: { type: 'manual' }, actions: [{ type: 'run_script', scriptId: '00000000-0000-4000-8000-000000000000' }] }, 'body.actions.0.scriptId'],
      [{ trigger: { type: 'manual' }, actions: [scriptAction()], targets: { deviceIds: ['00000000-0000-4000-8000-000000000000'] } }, 'body.targets.deviceIds'],
    ];
    for (const [body, path] of bad) {
      const res = await create(body);
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path).join(' '), path).toContain(path);
    }
    expect((await api.patch('/automations/not-a-uuid', { token: admin, body: { enabled: true } })).status).toBe(404);
    expect((await api.patch(`/automations/${(await create({ trigger: { type: 'manual' }, actions: [scriptAction()] })).body.id}`, { token: admin, body: {} })).status).toBe(400);
    expect((await api.post('/automations', { token: orgUser, body: { trigger: { type: 'manual' }, actions: [scriptAction()], name: 'x' } })).status).toBe(403);
    expect(await db.automation.count()).toBe(before + afterPatchProbe);
  });

  it('another partner gets 404 for every endpoint; a foreign org is 404 on create', async () => {
    const a = (await create({ trigger: { type: 'manual' }, actions: [scriptAction()], targets: { deviceIds: [linux.deviceId] } })).body;
    const r = (await api.post(`/automations/${a.id}/trigger`, { token: admin, body: {} })).body;
    expect((await api.get(`/automations/${a.id}`, { token: outsider })).status).toBe(404);
    expect((await api.patch(`/automations/${a.id}`, { token: outsider, body: { name: 'mine' } })).status).toBe(404);
    expect((await api.delete(`/automations/${a.id}`, { token: outsider })).status).toBe(404);
    expect((await api.post(`/automations/${a.id}/trigger`, { token: outsider, body: {} })).status).toBe(404);
    expect((await api.post(`/automations/${a.id}/run`, { token: outsider, body: { deviceIds: [linux.deviceId] } })).status).toBe(404);
    expect((await api.get(`/automations/${a.id}/runs`, { token: outsider })).status).toBe(404);
    expect((await api.get(`/automations/runs/${r.id}`, { token: outsider })).status).toBe(404);
    expect((await api.get('/automations', { token: outsider })).body.data).toEqual([]);
    expect((await api.post('/automations', { token: outsider, body: { orgId, name: 'x', trigger: { type: 'manual' }, actions: [scriptAction()] } })).status).toBe(404);
    expect((await api.get(`/automations/${a.id}`, { token: admin })).body.name).toBe(a.name);
  });
});

describe('event trigger', () => {
  it('runs a script on a device when device.offline fires, and the agent runs it', async () => {
    const a = (await create({ trigger: { type: 'event', eventType: 'device.offline', filter: { hostname: 'auto-a' } }, conditions: { statuses: ['offline'] }, actions: [scriptAction()] })).body;
    await heartbeat(linux);
    await heartbeat(linux2);
    await db.device.updateMany({ where: { id: { in: [linux.deviceId, linux2.deviceId] } }, data: { lastSeenAt: new Date(Date.now() - 3600_000) } });
    await sweepDevicePresence();
    expect(await matchAutomationEvents()).toBe(1);
    // Matching again starts nothing: one run per (automation, event).
    expect(await matchAutomationEvents()).toBe(0);
    await runDueJobs();
    const runs = (await api.get(`/automations/${a.id}/runs`, { token: admin })).body.data;
    expect(runs).toHaveLength(1);
    // The script is queued: its step and the run wait for the agent's result.
    expect(runs[0]).toMatchObject({ source: 'event', status: 'running', deviceIds: [linux.deviceId], event: { type: 'device.offline', data: { deviceId: linux.deviceId } } });
    expect(runs[0].steps).toEqual([expect.objectContaining({ actionIndex: 0, actionType: 'run_script', deviceId: linux.deviceId, status: 'running', finishedAt: null, result: { executionId: expect.any(String), commandId: expect.any(String) } })]);
    expect(await events('automation.completed', runs[0].id)).toBe(0);
    // The agent comes back, claims the run_script command and reports it.
    const hb = await heartbeat(linux);
    const command = (hb.body.commands as { id: string; type: string }[]).find((c) => c.id === runs[0].steps[0].result.commandId);
    expect(command?.type).toBe('run_script');
    expect((await postResult(linux, command!.id, { status: 'completed', exitCode: 0, stdout: 'restarted', stderr: '' })).status).toBe(200);
    const execution = (await api.get(`/scripts/executions/${runs[0].steps[0].result.executionId}`, { token: admin })).body;
    expect(execution).toMatchObject({ status: 'completed', deviceId: linux.deviceId });
    await runDueJobs();
    const done = await run(runs[0].id);
    expect(done).toMatchObject({ status: 'completed', finishedAt: expect.any(String) });
    expect(done.steps[0]).toMatchObject({ status: 'succeeded', error: null, finishedAt: expect.any(String), result: { executionId: execution.id, exitCode: 0, executionStatus: 'completed', stdout: 'restarted', stderr: '' } });
    expect(await events('automation.started', runs[0].id)).toBe(1);
    expect(await events('automation.completed', runs[0].id)).toBe(1);
  });

  it('trigger checks the supplied event against the filter; run bypasses trigger and conditions', async () => {
    const a = (await create({ trigger: { type: 'event', eventType: 'device.offline', filter: { hostname: 'auto-b' } }, conditions: { osTypes: ['windows'] }, actions: [scriptAction()] })).body;
    expect((await api.post(`/automations/${a.id}/trigger`, { token: admin, body: {} })).status).toBe(400);
    const miss = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: { event: { data: { deviceId: linux2.deviceId, hostname: 'auto-a' } } } });
    expect(miss.status).toBe(409);
    expect(miss.body.error.code).toBe('EVENT_NOT_MATCHED');
    // Matches the filter, but the condition (windows only) excludes the linux device: no step.
    const fired = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: { event: { data: { deviceId: linux2.deviceId, hostname: 'auto-b' } } } });
    expect(fired.status, fired.text).toBe(202);
    expect(fired.body).toMatchObject({ status: 'pending', source: 'event', deviceIds: [linux2.deviceId] });
    await runDueJobs();
    expect(await run(fired.body.id)).toMatchObject({ status: 'completed', steps: [] });
    // /run acts on the devices given, conditions or not.
    const now = await api.post(`/automations/${a.id}/run`, { token: admin, body: { deviceIds: [linux2.deviceId] } });
    expect(now.status, now.text).toBe(202);
    await runDueJobs();
    await reportScripts(linux2, now.body.id, 0, 'ok');
    const done = await run(now.body.id);
    expect(done).toMatchObject({ status: 'completed', source: 'run' });
    expect(done.steps).toEqual([expect.objectContaining({ deviceId: linux2.deviceId, status: 'succeeded' })]);
    expect((await api.post(`/automations/${a.id}/run`, { token: admin, body: {} })).body.error.code).toBe('NO_TARGETS');
    expect((await api.post(`/automations/${a.id}/run`, { token: admin, body: { deviceIds: ['nope'] } })).status).toBe(400);
  });
});

describe('alert trigger', () => {
  it('fires for its rule and severities only', async () => {
    const ruleId = '11111111-1111-4111-8111-111111111111';
    const a = (await create({ trigger: { type: 'alert', ruleId, severities: ['critical', 'high'] }, actions: [{ type: 'device_command', command: { type: 'shutdown', payload: {} } }] })).body;
    expect(a.trigger).toEqual({ type: 'alert', ruleId, severities: ['critical', 'high'] });
    const other = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: { event: { data: { ruleId: '22222222-2222-4222-8222-222222222222', severity: 'high', deviceId: linux.deviceId } } } });
    expect(other.body.error.code).toBe('EVENT_NOT_MATCHED');
    const low = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: { event: { data: { ruleId, severity: 'low', deviceId: linux.deviceId } } } });
    expect(low.status).toBe(409);
    const wrongType = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: { event: { type: 'alert.resolved', data: { ruleId, severity: 'high' } } } });
    expect(wrongType.status).toBe(409);
    const fired = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: { event: { data: { ruleId, severity: 'high', deviceId: linux.deviceId } } } });
    expect(fired.status, fired.text).toBe(202);
    expect(fired.body).toMatchObject({ source: 'alert', deviceIds: [linux.deviceId], event: { type: 'alert.triggered' } });
    // A disabled automation does not fire, but can still be run on chosen devices.
    await api.patch(`/automations/${a.id}`, { token: admin, body: { enabled: false } });
    expect((await api.post(`/automations/${a.id}/trigger`, { token: admin, body: { event: { data: { ruleId, severity: 'high' } } } })).body.error.code).toBe('AUTOMATION_DISABLED');
    expect((await api.post(`/automations/${a.id}/run`, { token: admin, body: { deviceIds: [linux.deviceId] } })).status).toBe(202);
  });
});

describe('actions, failures and tickets', () => {
  it('runs ordered actions per device and records a failed step; emits automation.failed', async () => {
    const a = (await create({
      trigger: { type: 'manual' },
      actions: [{ type: 'add_to_group', groupId }, { type: 'device_command', command: { type: 'refresh_inventory', payload: {} } }, { type: 'create_ticket', subject: 'Checked by automation', priority: 'p2' }],
      targets: { deviceIds: [linux.deviceId, windows.deviceId] },
    })).body;
    const fired = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: {} });
    expect(fired.status, fired.text).toBe(202);
    await runDueJobs();
    const r = await run(fired.body.id);
    expect(r.status).toBe('completed');
    expect(r.steps.map((s: { actionType: string; status: string }) => `${s.actionType}:${s.status}`)).toEqual([
      'add_to_group:succeeded', 'add_to_group:succeeded', 'device_command:succeeded', 'device_command:succeeded', 'create_ticket:succeeded',
    ]);
    const ticketStep = r.steps[4];
    expect(await db.ticket.findUnique({ where: { id: ticketStep.result.ticketId } })).toMatchObject({ source: 'automation', subject: 'Checked by automation', priority: 'p2', orgId });
    expect(await db.deviceGroupMembership.count({ where: { groupId } })).toBe(2);

    // Service management off: creating such an automation is 409; a stored one fails its step.
    await db.partner.update({ where: { id: partner.id }, data: { serviceManagementMode: 'off' } });
    try {
      const refused = await create({ trigger: { type: 'manual' }, actions: [{ type: 'create_ticket', subject: 'x' }] });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('service_management_off');
      const again = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: {} });
      await runDueJobs();
      const failed = await run(again.body.id);
      expect(failed.status).toBe('failed');
      expect(failed.steps[4]).toMatchObject({ status: 'failed', error: expect.stringContaining('service_management_off') });
      // The group step is skipped (already a member); the command ran.
      expect(failed.steps[0]).toMatchObject({ status: 'skipped', error: 'ALREADY_MEMBER' });
      expect(await events('automation.failed', again.body.id)).toBe(1);
    } finally {
      await db.partner.update({ where: { id: partner.id }, data: { serviceManagementMode: 'internal' } });
    }
  });

  it('a run job executed twice performs each action once', async () => {
    const a = (await create({ trigger: { type: 'manual' }, actions: [{ type: 'create_ticket', subject: 'Once only' }, { type: 'device_command', command: { type: 'reboot', payload: {} } }], targets: { deviceIds: [linux2.deviceId] } })).body;
    const fired = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: {} });
    // A worker died after the first step committed: the step is settled, the rest pending.
    const automation = await db.automation.findUniqueOrThrow({ where: { id: a.id } });
    await Promise.all([executeAutomationRun(fired.body.id), executeAutomationRun(fired.body.id)]);
    await executeAutomationRun(fired.body.id);
    await runDueJobs();
    expect(await db.ticket.count({ where: { subject: 'Once only', orgId } })).toBe(1);
    expect(await db.deviceCommand.count({ where: { deviceId: linux2.deviceId, type: 'reboot' } })).toBe(1);
    expect(await events('automation.started', fired.body.id)).toBe(1);
    expect(await events('automation.completed', fired.body.id)).toBe(1);
    // Resuming a half-done run: reset the reboot step to pending (as if the worker crashed before it).
    const r2 = await db.$transaction((tx) => createRun(tx, automation, { source: 'manual', deviceIds: [linux2.deviceId] }));
    await db.$executeRaw`update automation_runs set status = 'running' where id = ${r2}::uuid`;
    await db.automationRunStep.createMany({ data: [{ runId: r2!, actionIndex: 0, actionType: 'create_ticket', status: 'succeeded', result: { ticketId: 'earlier' } }, { runId: r2!, actionIndex: 1, actionType: 'device_command', deviceId: linux2.deviceId }] });
    await db.deviceCommand.updateMany({ where: { deviceId: linux2.deviceId, type: 'reboot' }, data: { status: 'completed' } });
    await runDueJobs();
    expect(await db.ticket.count({ where: { subject: 'Once only', orgId } })).toBe(1);
    expect(await db.deviceCommand.count({ where: { deviceId: linux2.deviceId, type: 'reboot' } })).toBe(2);
    expect((await run(r2!)).status).toBe('completed');
  });
});

describe('call_webhook', () => {
  it('posts the run to the URL under the webhook address rules; a refused URL is 400', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://localhost:8080/hook', 'ftp://example.test/x']) {
      const res = await create({ trigger: { type: 'manual' }, actions: [{ type: 'call_webhook', url }] });
      expect(res.status, url).toBe(400);
    }
    process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
    resetEnvCache();
    const receiver = await startWebhookReceiver();
    try {
      const a = (await create({ trigger: { type: 'manual' }, actions: [{ type: 'call_webhook', url: `${receiver.url}/hook`, headers: { 'X-Token': 'abc' } }], targets: { deviceIds: [windows.deviceId] } })).body;
      const fired = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: {} });
      await runDueJobs();
      const got = await receiver.nth(1);
      expect(got.headers['x-token']).toBe('abc');
      expect(JSON.parse(got.body)).toMatchObject({ automationId: a.id, runId: fired.body.id, source: 'manual', deviceIds: [windows.deviceId] });
      expect(await run(fired.body.id)).toMatchObject({ status: 'completed', steps: [{ actionType: 'call_webhook', deviceId: null, status: 'succeeded', result: { status: 200 } }] });
      receiver.respond(() => ({ status: 500 }));
      const again = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: {} });
      await runDueJobs();
      expect(await run(again.body.id)).toMatchObject({ status: 'failed', steps: [{ status: 'failed', error: expect.stringContaining('500') }] });
    } finally {
      await receiver.stop();
      delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
      resetEnvCache();
    }
  });
});

describe('start_deployment', () => {
  it('starts a ready deployment of the organization once; a second start fails the step', async () => {
    const dep = await api.post('/deployments', { token: admin, body: { name: 'Auto rollout', orgId, kind: 'script', payload: { scriptId }, targets: { orgIds: [], siteIds: [], groupIds: [], deviceIds: [linux2.deviceId] } } });
    expect(dep.status, dep.text).toBe(201);
    expect((await api.post(`/deployments/${dep.body.id}/initialize`, { token: admin })).status).toBe(200);
    expect((await create({ trigger: { type: 'manual' }, actions: [{ type: 'start_deployment', deploymentId: '00000000-0000-4000-8000-000000000000' }] })).status).toBe(400);
    const a = (await create({ trigger: { type: 'manual' }, actions: [{ type: 'start_deployment', deploymentId: dep.body.id }] })).body;
    const first = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: {} });
    await runDueJobs();
    expect(await run(first.body.id)).toMatchObject({ status: 'completed', steps: [{ actionType: 'start_deployment', status: 'succeeded', result: { deploymentId: dep.body.id } }] });
    expect(['running', 'completed']).toContain((await api.get(`/deployments/${dep.body.id}`, { token: admin })).body.status);
    const second = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: {} });
    await runDueJobs();
    expect(await run(second.body.id)).toMatchObject({ status: 'failed', steps: [{ status: 'failed', error: expect.stringContaining('DEPLOYMENT_STATE') }] });
  });
});

describe('loop guard', () => {
  it('suppresses a run fired by its own automation events', async () => {
    const a = (await create({ trigger: { type: 'event', eventType: 'automation.completed', filter: {} }, actions: [{ type: 'device_command', command: { type: 'refresh_inventory', payload: {} } }] })).body;
    const fired = await api.post(`/automations/${a.id}/run`, { token: admin, body: { deviceIds: [linux.deviceId] } });
    await runDueJobs();
    expect((await run(fired.body.id)).status).toBe('completed');
    // Its own automation.completed names it: matching it starts a suppressed run.
    await matchAutomationEvents();
    const runs = (await api.get(`/automations/${a.id}/runs`, { token: admin, query: { status: 'suppressed' } })).body.data;
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs[0]).toMatchObject({ status: 'suppressed', source: 'event', reason: expect.stringContaining('Loop guard'), steps: [] });
    expect(await events('automation.started', runs[0].id)).toBe(0);
  });

  it('suppresses runs beyond the rate limit', async () => {
    const a = (await create({ trigger: { type: 'manual' }, actions: [{ type: 'create_ticket', subject: 'Rate' }] })).body;
    const automation = await db.automation.findUniqueOrThrow({ where: { id: a.id } });
    for (let i = 0; i < 20; i++) await db.$transaction((tx) => createRun(tx, automation, { source: 'manual', deviceIds: [] }));
    const over = await api.post(`/automations/${a.id}/trigger`, { token: admin, body: {} });
    expect(over.status).toBe(202);
    expect(over.body).toMatchObject({ status: 'suppressed', reason: expect.stringMatching(/20 runs within 10 minutes/) });
  });
});

describe('schedule', () => {
  it('starts due schedule automations and moves next_run_at on', async () => {
    const a = (await create({ trigger: { type: 'schedule', cron: '*/5 * * * *' }, actions: [{ type: 'device_command', command: { type: 'refresh_inventory', payload: {} } }], targets: { deviceIds: [windows.deviceId] } })).body;
    await db.automation.update({ where: { id: a.id }, data: { nextRunAt: new Date(Date.now() - 1000) } });
    expect(await runDueAutomations()).toBeGreaterThanOrEqual(1);
    const after = await db.automation.findUniqueOrThrow({ where: { id: a.id } });
    expect(after.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    expect(after.nextRunAt!.getUTCMinutes() % 5).toBe(0);
    await runDueJobs();
    const runs = (await api.get(`/automations/${a.id}/runs`, { token: admin })).body.data;
    expect(runs[0]).toMatchObject({ source: 'schedule', status: 'completed', deviceIds: [windows.deviceId] });
  });
});

describe('partner API export', () => {
  it('returns the automations of the principal’s organizations', async () => {
    const mine = (await create({ trigger: { type: 'manual' }, actions: [scriptAction()] })).body;
    const principal = await makePrincipal(admin, { scopes: ['configuration:read'], orgIds: [orgId] }).catch(() => makePrincipal(admin, { scopes: ['configuration:read'] }));
    const res = await api.get('/partner-api/automations', asPrincipal(principal.key, { query: { limit: 100 } }));
    expect(res.status, res.text).toBe(200);
    const found = res.body.data.find((x: { id: string }) => x.id === mine.id);
    expect(found).toMatchObject({ id: mine.id, orgId, trigger: { type: 'manual' }, actions: [{ type: 'run_script', scriptId }] });
    expect(res.body.data.every((x: { orgId: string }) => x.orgId === orgId || x.orgId === otherOrgId)).toBe(true);
  });
});
