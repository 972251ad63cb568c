// Script execution through the agent protocol (agents simulated through the real agent API):
// dispatch as run_script commands, results, secrets, custom-field output, cancel, timeouts,
// severities, events, usage stats, cross-tenant isolation and validation.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { db } from '@/lib/db';
import { sweepDevicePresence } from '@/lib/devices/sweep-device-presence';
import { setHostResolver } from '@/lib/webhooks/resolve-host';

type Partner = Awaited<ReturnType<typeof makePartner>>;
let partner: Partner;
let admin: string;
let adminB: string;
let org: { id: string };
let org2: { id: string };
let linux: EnrolledAgent;
let linux2: EnrolledAgent;
let windows: EnrolledAgent;
let otherOrgDevice: EnrolledAgent;
let foreign: EnrolledAgent;

beforeAll(async () => {
  partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  org = await makeOrg(partner.id);
  org2 = await makeOrg(partner.id);
  const key = (await createKey(admin, { orgId: org.id })).key;
  linux = await enroll(key);
  linux2 = await enroll(key);
  windows = await enroll(key, { osType: 'windows', osVersion: 'Windows 11' });
  otherOrgDevice = await enroll((await createKey(admin, { orgId: org2.id })).key);
  const partnerB = await makePartner();
  adminB = await tokenFor(await makePartnerUser(partnerB), { mfa: true });
  const orgB = await makeOrg(partnerB.id);
  foreign = await enroll((await createKey(adminB, { orgId: orgB.id })).key);
  for (const a of [linux, linux2, windows, otherOrgDevice, foreign]) expect((await heartbeat(a)).status).toBe(200);
});

async function makeScript(extra: Record<string, unknown> = {}, orgId: string | null = org.id) {
  const res = await api.post('/scripts', {
    token: admin,
    body: { name: `Run ${Math.random().toString(36).slice(2, 8)}`, osTypes: ['linux'], language: 'bash', content: 'echo hello', ...(orgId ? { orgId } : { availability: 'partner' }), ...extra },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The agent's next heartbeat: the commands it claims. */
async function claim(agent: EnrolledAgent) {
  const hb = await heartbeat(agent);
  expect(hb.status).toBe(200);
  return hb.body.commands as { id: string; type: string; payload: Record<string, unknown> }[];
}

const events = (type: string, executionId: string) => db.event.count({ where: { type, data: { path: ['executionId'], equals: executionId } } });

describe('execute → agent → result', () => {
  it('queues one run_script per device, reports skips and failures, and stores the result', async () => {
    const script = await makeScript({ exitCodeSeverityMapping: { '3': 'high' } });
    const res = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { deviceIds: [linux.deviceId, windows.deviceId, otherOrgDevice.deviceId, foreign.deviceId] } });
    expect(res.status, res.text).toBe(202);
    expect(res.body.executions).toHaveLength(1);
    expect(res.body.skipped).toEqual([{ deviceId: windows.deviceId, reason: 'OS_MISMATCH' }]);
    expect(res.body.failed).toEqual([
      { deviceId: otherOrgDevice.deviceId, code: 'SCRIPT_NOT_AVAILABLE', message: expect.any(String) },
      { deviceId: foreign.deviceId, code: 'NOT_FOUND', message: 'Device not found' },
    ]);
    const execution = res.body.executions[0];
    expect(execution).toMatchObject({ status: 'pending', scriptId: script.id, scriptVersion: 1, deviceId: linux.deviceId });
    expect(await events('script.started', execution.id)).toBe(1);

    const [cmd] = await claim(linux);
    expect(cmd).toMatchObject({ id: execution.commandId, type: 'run_script', payload: { interpreter: 'bash', script: 'echo hello', timeoutSeconds: 300, executionId: execution.id } });
    expect((await api.get(`/scripts/executions/${execution.id}`, { token: admin })).body).toMatchObject({ status: 'running', startedAt: expect.any(String) });

    const posted = await postResult(linux, cmd.id, { status: 'failed', exitCode: 3, stdout: 'partial\n', stderr: 'boom\n', result: { durationMs: 1234 } });
    expect(posted.status).toBe(200);
    const done = (await api.get(`/scripts/executions/${execution.id}`, { token: admin })).body;
    expect(done).toMatchObject({ status: 'failed', exitCode: 3, stdout: 'partial\n', stderr: 'boom\n', durationMs: 1234, severity: 'high', completedAt: expect.any(String) });
    expect(await events('script.failed', execution.id)).toBe(1);

    const list = await api.get(`/scripts/${script.id}/executions`, { token: admin });
    expect(list.body.pagination.total).toBe(1);
    expect((await api.get(`/scripts/${script.id}/executions`, { token: admin, query: { status: 'completed' } })).body.data).toHaveLength(0);
  });

  it('a partner-library script runs on devices of any organization; a group can be the target; exit 0 completes', async () => {
    const script = await makeScript({}, null);
    const group = await api.post('/groups', { token: admin, body: { orgId: org.id, name: `G ${Date.now()}`, type: 'static' } });
    expect(group.status, group.text).toBe(201);
    expect((await api.post(`/groups/${group.body.id}/devices`, { token: admin, body: { deviceIds: [linux2.deviceId] } })).status).toBeLessThan(300);
    const res = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { groupId: group.body.id } });
    expect(res.status, res.text).toBe(202);
    expect(res.body.executions.map((e: { deviceId: string }) => e.deviceId)).toEqual([linux2.deviceId]);
    const other = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { deviceIds: [otherOrgDevice.deviceId] } });
    expect(other.body.executions).toHaveLength(1);

    const [cmd] = await claim(linux2);
    await postResult(linux2, cmd.id, { status: 'completed', exitCode: 0, stdout: 'hello\n', stderr: '' });
    const e = (await api.get(`/scripts/executions/${res.body.executions[0].id}`, { token: admin })).body;
    expect(e).toMatchObject({ status: 'completed', exitCode: 0, severity: null });
    expect(await events('script.completed', e.id)).toBe(1);

    const stats = await api.get(`/script-library/scripts/${script.id}/usage-stats`, { token: admin });
    expect(stats.body).toMatchObject({ executions: 2, completed: 1, inProgress: 1, successRate: 1, devices: 2, lastStatus: expect.any(String) });
  });
});

describe('alerts from exit codes', () => {
  it('a mapped exit code raises one alert per script and device; a clean run (exit 0) resolves it', async () => {
    const script = await makeScript({ exitCodeSeverityMapping: { '2': 'critical', '1': null } });
    const run = async (exitCode: number) => {
      const res = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { deviceIds: [linux2.deviceId] } });
      const [cmd] = await claim(linux2);
      await postResult(linux2, cmd.id, { status: exitCode === 0 ? 'completed' : 'failed', exitCode });
      return res.body.executions[0].id as string;
    };
    const first = await run(2);
    const alerts = () => db.alert.findMany({ where: { deviceId: linux2.deviceId, source: 'script', context: { path: ['scriptId'], equals: script.id } }, orderBy: { triggeredAt: 'asc' } });
    let rows = await alerts();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ severity: 'critical', status: 'active', orgId: org.id });
    expect(rows[0].context).toMatchObject({ executionId: first, exitCode: 2 });
    const listed = await api.get('/alerts', { token: admin, query: { source: 'script', deviceId: linux2.deviceId } });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((a: { id: string }) => a.id)).toContain(rows[0].id);
    await run(2); // still open: no second alert
    await run(1); // maps to no severity but is no clean run: the alert stays open
    expect((await alerts())[0].status).toBe('active');
    await run(0); // a clean run resolves it (lib/alerts/evaluation/raise-script-alert.ts)
    rows = await alerts();
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('resolved');
  });
});

describe('webhooks', () => {
  it('script events reach the organization’s webhooks', async () => {
    setHostResolver(async () => [{ address: '93.184.216.34', family: 4 }]);
    try {
      const hook = await api.post('/webhooks', { token: admin, body: { orgId: org.id, name: 'Scripts', url: 'https://hooks.example.com/scripts', events: ['script.started', 'script.completed'] } });
      expect(hook.status, hook.text).toBe(201);
      const script = await makeScript();
      const res = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { deviceIds: [linux.deviceId] } });
      const [cmd] = await claim(linux);
      await postResult(linux, cmd.id, { status: 'completed', exitCode: 0, stdout: 'ok\n' });
      const deliveries = await db.webhookDelivery.findMany({ where: { webhookId: hook.body.id }, orderBy: { createdAt: 'asc' } });
      expect(deliveries.map((d) => d.event)).toEqual(['script.started', 'script.completed']);
      expect((deliveries[1].payload as { data: Record<string, unknown> }).data).toMatchObject({ executionId: res.body.executions[0].id, scriptId: script.id, deviceId: linux.deviceId, status: 'completed', exitCode: 0 });
      await api.delete(`/webhooks/${hook.body.id}`, { token: admin });
    } finally {
      setHostResolver(null);
    }
  });
});

describe('parameters and variables', () => {
  it('parameters become SERVICE_PARAM_* (given, custom field, default); {{var.key}} is substituted', async () => {
    const field = await api.post('/custom-fields', { token: admin, body: { key: `owner_${Date.now()}`, name: 'Owner', type: 'text' } });
    expect(field.status, field.text).toBe(201);
    await api.put(`/devices/${linux.deviceId}/custom-fields`, { token: admin, body: { values: { [field.body.key]: 'ops-team' } } });
    const script = await makeScript({
      content: 'echo {{var.greeting}} $SERVICE_PARAM_Unit',
      parameters: [
        { name: 'Unit', required: true },
        { name: 'Owner', customField: field.body.key, required: true },
        { name: 'Days', type: 'number', default: 7 },
      ],
    });
    const res = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { deviceIds: [linux.deviceId, linux2.deviceId], parameters: { Unit: 'nginx' }, variables: { greeting: 'hi' } } });
    expect(res.status, res.text).toBe(202);
    expect(res.body.executions).toHaveLength(1);
    expect(res.body.executions[0].parameters).toEqual({ Unit: 'nginx', Owner: 'ops-team', Days: 7 });
    expect(res.body.failed).toEqual([{ deviceId: linux2.deviceId, code: 'PARAMETER_UNRESOLVED', message: expect.stringContaining('Owner') }]);
    const command = await db.deviceCommand.findUniqueOrThrow({ where: { id: res.body.executions[0].commandId } });
    expect(command.payload).toMatchObject({ script: 'echo hi $SERVICE_PARAM_Unit', env: { SERVICE_PARAM_Unit: 'nginx', SERVICE_PARAM_Owner: 'ops-team', SERVICE_PARAM_Days: '7' } });
    // Drain it so later tests see a clean queue.
    const [cmd] = await claim(linux);
    await postResult(linux, cmd.id, { status: 'completed', exitCode: 0 });
  });

  it('validation: 400 and nothing queued', async () => {
    const script = await makeScript({ content: 'echo {{var.x}}', parameters: [{ name: 'Unit', required: true }] });
    const before = await db.deviceCommand.count();
    const cases = [
      { deviceIds: [linux.deviceId], parameters: { Unit: 'a' } }, // missing variable
      { deviceIds: [linux.deviceId], variables: { x: '1' } }, // missing parameter
      { deviceIds: [linux.deviceId], parameters: { Unit: 'a', Nope: 1 }, variables: { x: '1' } },
      { deviceIds: [linux.deviceId], groupId: linux.deviceId, parameters: { Unit: 'a' }, variables: { x: '1' } },
      { parameters: { Unit: 'a' }, variables: { x: '1' } },
      { deviceIds: ['not-a-uuid'] },
      { deviceIds: [linux.deviceId], parameters: { Unit: 'a' }, variables: { x: '1' }, secretVariables: { lower: 'x' } },
      { deviceIds: [linux.deviceId], parameters: { Unit: 'a' }, variables: { x: '1' }, timeoutSeconds: 3601 },
    ];
    for (const body of cases) {
      const res = await api.post(`/scripts/${script.id}/execute`, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await db.deviceCommand.count()).toBe(before);
  });
});

describe('secret variables', () => {
  it('reach the agent only through the secrets hand-over and never appear in stored data', async () => {
    const secret = 'Sup3r-S3cret-Value!';
    const script = await makeScript({ content: 'echo "token is $SERVICE_VAR_API_TOKEN"' });
    const res = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { deviceIds: [linux.deviceId], secretVariables: { API_TOKEN: secret } } });
    expect(res.status, res.text).toBe(202);
    expect(res.text).not.toContain(secret);
    const execution = res.body.executions[0];
    expect(execution.secretVariables).toEqual(['API_TOKEN']);

    // Before delivery the agent gets nothing; another agent never.
    expect((await api.get(`/agents/${linux.agentId}/commands/${execution.commandId}/secrets`, { token: linux.authToken })).status).toBe(409);
    const [cmd] = await claim(linux);
    expect(JSON.stringify(cmd)).not.toContain(secret);
    expect(cmd.payload.secretEnv).toEqual(['SERVICE_VAR_API_TOKEN']);
    expect((await api.get(`/agents/${linux2.agentId}/commands/${cmd.id}/secrets`, { token: linux2.authToken })).status).toBe(404);
    const handed = await api.get(`/agents/${linux.agentId}/commands/${cmd.id}/secrets`, { token: linux.authToken });
    expect(handed.status).toBe(200);
    expect(handed.body).toEqual({ env: { SERVICE_VAR_API_TOKEN: secret } });

    await postResult(linux, cmd.id, { status: 'completed', exitCode: 0, stdout: `token is ${secret}\n`, stderr: `debug ${secret}` });
    const done = (await api.get(`/scripts/executions/${execution.id}`, { token: admin })).body;
    expect(done.stdout).toBe('token is [REDACTED]\n');
    expect(done.stderr).toBe('debug [REDACTED]');
    const rows = JSON.stringify([
      await db.scriptExecution.findUniqueOrThrow({ where: { id: execution.id } }),
      await db.deviceCommand.findUniqueOrThrow({ where: { id: cmd.id } }),
      await db.auditLog.findMany({ where: { targetId: script.id } }),
      await db.event.findMany({ where: { data: { path: ['executionId'], equals: execution.id } } }),
    ]);
    expect(rows).not.toContain(secret);
    expect((await db.scriptExecution.findUniqueOrThrow({ where: { id: execution.id } })).secretsSealed).toBeNull();
    expect((await api.get(`/agents/${linux.agentId}/commands/${cmd.id}/secrets`, { token: linux.authToken })).status).toBe(409);
  });
});

describe('custom fields from output', () => {
  it('writes script-writable fields; unknown, read-only, mistyped and malformed are reported', async () => {
    const k = Date.now();
    const writable = await api.post('/custom-fields', { token: admin, body: { key: `disk_${k}`, name: 'Disk', type: 'number', scriptWritable: true, orgId: org.id } });
    const readonly = await api.post('/custom-fields', { token: admin, body: { key: `asset_${k}`, name: 'Asset tag', type: 'text' } });
    expect(writable.status).toBe(201);
    expect(readonly.status).toBe(201);
    const script = await makeScript();
    const res = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { deviceIds: [linux.deviceId] } });
    const [cmd] = await claim(linux);
    const stdout = [
      'starting',
      `::service:custom-fields:: {"disk_${k}": 42, "asset_${k}": "X-1", "nope_${k}": 1}`,
      '::service:custom-fields:: {not json',
      `::service:custom-fields:: {"disk_${k}": "lots"}`,
      '',
    ].join('\n');
    expect((await postResult(linux, cmd.id, { status: 'completed', exitCode: 0, stdout })).status).toBe(200);
    const e = (await api.get(`/scripts/executions/${res.body.executions[0].id}`, { token: admin })).body;
    expect(e.status).toBe('completed');
    expect(e.customFields.written).toEqual([]);
    expect(e.customFields.errors).toEqual(
      expect.arrayContaining([
        { line: 3, reason: 'malformed JSON' },
        { key: `disk_${k}`, line: 4, reason: 'expected a number' },
        { key: `asset_${k}`, line: 2, reason: expect.stringContaining('read-only') },
        { key: `nope_${k}`, line: 2, reason: 'unknown custom field' },
      ]),
    );

    // A well-formed run writes the field.
    const again = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { deviceIds: [linux.deviceId] } });
    const [cmd2] = await claim(linux);
    await postResult(linux, cmd2.id, { status: 'completed', exitCode: 0, stdout: `::service:custom-fields:: {"disk_${k}": 42}\n` });
    const e2 = (await api.get(`/scripts/executions/${again.body.executions[0].id}`, { token: admin })).body;
    expect(e2.customFields).toEqual({ written: [`disk_${k}`], errors: [] });
    const values = (await api.get(`/devices/${linux.deviceId}/custom-fields`, { token: admin })).body.data;
    expect(values.find((v: { key: string }) => v.key === `disk_${k}`)).toMatchObject({ value: 42, source: 'script' });
    expect(values.find((v: { key: string }) => v.key === `asset_${k}`)).toMatchObject({ value: null });
  });
});

describe('cancel and timeouts', () => {
  it('pending: cancelled at once and never delivered', async () => {
    const script = await makeScript();
    const res = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { deviceIds: [linux.deviceId] } });
    const id = res.body.executions[0].id;
    const cancel = await api.post(`/scripts/executions/${id}/cancel`, { token: admin });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'cancelled', cancelRequested: true });
    expect(await claim(linux)).toEqual([]);
    expect((await db.deviceCommand.findUniqueOrThrow({ where: { id: res.body.executions[0].commandId } })).status).toBe('cancelled');
    expect(await events('script.failed', id)).toBe(1);
    expect((await api.post(`/scripts/executions/${id}/cancel`, { token: admin })).body.error.code).toBe('EXECUTION_FINISHED');
  });

  it('running: a cancel_command goes to the agent and its kill report ends the run as cancelled', async () => {
    const script = await makeScript({ content: 'sleep 600' });
    const res = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { deviceIds: [linux.deviceId] } });
    const id = res.body.executions[0].id;
    const [run] = await claim(linux);
    const cancel = await api.post(`/scripts/executions/${id}/cancel`, { token: admin });
    expect(cancel.status).toBe(202);
    expect(cancel.body).toMatchObject({ status: 'running', cancelRequested: true });
    expect((await api.post(`/scripts/executions/${id}/cancel`, { token: admin })).status).toBe(202); // idempotent
    const [kill] = await claim(linux);
    expect(kill).toMatchObject({ type: 'cancel_command', payload: { commandId: run.id } });
    expect(await claim(linux)).toEqual([]); // only one cancel was queued
    await postResult(linux, kill.id, { status: 'completed', stdout: 'killed' });
    await postResult(linux, run.id, { status: 'cancelled', stdout: '', stderr: '[killed]' });
    expect((await api.get(`/scripts/executions/${id}`, { token: admin })).body).toMatchObject({ status: 'cancelled' });
  });

  it('a run withdrawn with its device (decommission) reads cancelled and cancels without the agent', async () => {
    const doomed = await enroll((await createKey(admin, { orgId: org.id })).key);
    await heartbeat(doomed);
    const script = await makeScript();
    const res = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { deviceIds: [doomed.deviceId] } });
    const id = res.body.executions[0].id;
    expect((await api.delete(`/devices/${doomed.deviceId}`, { token: admin })).status).toBeLessThan(300);
    expect((await api.get(`/scripts/executions/${id}`, { token: admin })).body.status).toBe('cancelled');
    const cancel = await api.post(`/scripts/executions/${id}/cancel`, { token: admin });
    expect(cancel.status).toBe(200);
    expect(await db.deviceCommand.count({ where: { deviceId: doomed.deviceId, type: 'cancel_command' } })).toBe(0);
  });

  it('the server sweep times out a run whose agent went silent', async () => {
    const script = await makeScript({ timeoutSeconds: 5 });
    const res = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { deviceIds: [linux.deviceId] } });
    const [run] = await claim(linux);
    await db.deviceCommand.update({ where: { id: run.id }, data: { sentAt: new Date(Date.now() - 3600_000) } });
    await sweepDevicePresence();
    const e = (await api.get(`/scripts/executions/${res.body.executions[0].id}`, { token: admin })).body;
    expect(e).toMatchObject({ status: 'timed_out' });
    expect(await events('script.failed', e.id)).toBe(1);
  });
});

describe('cross-tenant', () => {
  it('another partner gets 404 for the script, its executions and cancel; nothing changes', async () => {
    const script = await makeScript();
    const res = await api.post(`/scripts/${script.id}/execute`, { token: admin, body: { deviceIds: [linux.deviceId] } });
    const id = res.body.executions[0].id;
    expect((await api.post(`/scripts/${script.id}/execute`, { token: adminB, body: { deviceIds: [foreign.deviceId] } })).status).toBe(404);
    expect((await api.get(`/scripts/${script.id}/executions`, { token: adminB })).status).toBe(404);
    expect((await api.get(`/scripts/executions/${id}`, { token: adminB })).status).toBe(404);
    expect((await api.post(`/scripts/executions/${id}/cancel`, { token: adminB })).status).toBe(404);
    expect((await db.scriptExecution.findUniqueOrThrow({ where: { id } })).status).toBe('pending');
    await api.post(`/scripts/executions/${id}/cancel`, { token: admin });
  });

  it('custom fields and device values are isolated too', async () => {
    const f = await api.post('/custom-fields', { token: admin, body: { key: `iso_${Date.now()}`, name: 'Iso', type: 'text' } });
    expect((await api.get(`/custom-fields/${f.body.id}`, { token: adminB })).status).toBe(404);
    expect((await api.patch(`/custom-fields/${f.body.id}`, { token: adminB, body: { name: 'x' } })).status).toBe(404);
    expect((await api.delete(`/custom-fields/${f.body.id}`, { token: adminB })).status).toBe(404);
    expect((await api.get(`/devices/${linux.deviceId}/custom-fields`, { token: adminB })).status).toBe(404);
    expect((await api.put(`/devices/${linux.deviceId}/custom-fields`, { token: adminB, body: { values: { [f.body.key]: 'x' } } })).status).toBe(404);
    expect((await db.customFieldDefinition.findUniqueOrThrow({ where: { id: f.body.id } })).name).toBe('Iso');
  });
});

describe('custom field definitions', () => {
  it('CRUD with key rules, select options, and typed device values', async () => {
    const key = `tier_${Date.now()}`;
    const f = await api.post('/custom-fields', { token: admin, body: { key, name: 'Tier', type: 'select', options: ['gold', 'silver'] } });
    expect(f.status, f.text).toBe(201);
    expect(f.body).toMatchObject({ orgId: null, scriptWritable: false, options: ['gold', 'silver'] });
    expect((await api.post('/custom-fields', { token: admin, body: { key, name: 'Dup', type: 'text', orgId: org.id } })).body.error.code).toBe('CUSTOM_FIELD_KEY_EXISTS');
    for (const bad of [{ key: 'Bad Key', name: 'x', type: 'text' }, { key: 'sel', name: 'x', type: 'select' }, { key: 'txt', name: 'x', type: 'text', options: ['a'] }, { key: 'n', name: 'x', type: 'float' }]) {
      expect((await api.post('/custom-fields', { token: admin, body: bad })).status).toBe(400);
    }
    expect((await api.put(`/devices/${linux.deviceId}/custom-fields`, { token: admin, body: { values: { [key]: 'bronze' } } })).status).toBe(400);
    expect((await api.put(`/devices/${linux.deviceId}/custom-fields`, { token: admin, body: { values: { unknown_field: 'x' } } })).status).toBe(400);
    const set = await api.put(`/devices/${linux.deviceId}/custom-fields`, { token: admin, body: { values: { [key]: 'gold' } } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data.find((v: { key: string }) => v.key === key)).toMatchObject({ value: 'gold', source: 'user' });
    const patched = await api.patch(`/custom-fields/${f.body.id}`, { token: admin, body: { scriptWritable: true, options: ['gold', 'silver', 'bronze'] } });
    expect(patched.body).toMatchObject({ scriptWritable: true, options: ['gold', 'silver', 'bronze'] });
    expect((await api.get('/custom-fields', { token: admin })).body.data.some((x: { id: string }) => x.id === f.body.id)).toBe(true);
    expect((await api.delete(`/custom-fields/${f.body.id}`, { token: admin })).status).toBe(204);
    expect(await db.customFieldValue.count({ where: { fieldId: f.body.id } })).toBe(0);
  });
});
