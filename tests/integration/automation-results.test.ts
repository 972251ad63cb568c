// Automation steps that wait for the world: a run_script step settles on the agent's real result
// (exit code and output on the step, ordered actions, failure, cancel, a crashed worker), and the
// notify_channel action sends to real receivers (an HTTP webhook receiver and an SMTP server)
// under the channel URL rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { runDueJobs } from '../helpers/jobs';
import { db } from '@/lib/db';
import { resetEnvCache } from '@/lib/env';
import { executeAutomationRun } from '@/lib/automations/execute-run';
import { sweepDevicePresence } from '@/lib/devices/sweep-device-presence';

let admin: string;
let orgId: string;
let otherOrgId: string;
let a1: EnrolledAgent;
let a2: EnrolledAgent;
let scriptId: string;
let receiver: WebhookReceiver;
let smtp: SmtpReceiver;

const create = async (body: Record<string, unknown>) => {
  const res = await api.post('/automations', { token: admin, body: { orgId, name: `R ${Math.random().toString(36).slice(2, 7)}`, trigger: { type: 'manual' }, ...body } });
  return res;
};
const run = async (id: string) => (await api.get(`/automations/runs/${id}`, { token: admin })).body;
const events = (type: string, runId: string) => db.event.count({ where: { type, data: { path: ['runId'], equals: runId } } });
const start = async (automationId: string, deviceIds: string[]) => {
  const res = await api.post(`/automations/${automationId}/run`, { token: admin, body: { deviceIds } });
  expect(res.status, res.text).toBe(202);
  await runDueJobs();
  return res.body.id as string;
};

/** The agent claims its queued commands and reports each run_script command of the run. */
async function report(agent: EnrolledAgent, runId: string, exitCode: number, stdout: string, stderr = ''): Promise<void> {
  const steps = (await run(runId)).steps.filter((s: { deviceId: string; status: string }) => s.deviceId === agent.deviceId && s.status === 'running');
  expect(steps.length).toBeGreaterThan(0);
  const hb = await heartbeat(agent);
  for (const step of steps) {
    const command = (hb.body.commands as { id: string }[]).find((c) => c.id === step.result.commandId);
    expect(command).toBeDefined();
    expect((await postResult(agent, command!.id, { status: 'completed', exitCode, stdout, stderr })).status).toBe(200);
  }
}

beforeAll(async () => {
  process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
  smtp = await startSmtpReceiver();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  receiver = await startWebhookReceiver();
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  orgId = (await makeOrg(partner.id)).id;
  otherOrgId = (await makeOrg(partner.id)).id;
  const key = (await createKey(admin, { orgId })).key;
  a1 = await enroll(key, { hostname: 'res-a' });
  a2 = await enroll(key, { hostname: 'res-b' });
  await heartbeat(a1);
  await heartbeat(a2);
  const script = await api.post('/scripts', { token: admin, body: { name: 'Check disk', osTypes: ['linux'], language: 'bash', content: 'df -h', orgId } });
  expect(script.status, script.text).toBe(201);
  scriptId = script.body.id;
});

afterAll(async () => {
  await receiver.stop();
  await smtp.stop();
  delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
  delete process.env.SMTP_URL;
  resetEnvCache();
});

describe('run_script waits for the agent', () => {
  it('keeps the next action until every script has its result; a non-zero exit fails the run', async () => {
    const a = (await create({ actions: [{ type: 'run_script', scriptId }, { type: 'create_ticket', subject: 'After the scripts' }] })).body;
    const runId = await start(a.id, [a1.deviceId, a2.deviceId]);
    let r = await run(runId);
    expect(r.status).toBe('running');
    expect(r.steps.map((s: { actionType: string; status: string }) => `${s.actionType}:${s.status}`).sort()).toEqual(['create_ticket:pending', 'run_script:running', 'run_script:running']);
    // One result: the ticket still waits for the other script.
    await report(a1, runId, 0, 'disk ok');
    await runDueJobs();
    r = await run(runId);
    expect(r.status).toBe('running');
    expect(r.steps.find((s: { deviceId: string }) => s.deviceId === a1.deviceId)).toMatchObject({ status: 'succeeded', result: { exitCode: 0, stdout: 'disk ok' } });
    expect(r.steps.find((s: { actionType: string }) => s.actionType === 'create_ticket').status).toBe('pending');
    expect(await db.ticket.count({ where: { orgId, subject: 'After the scripts' } })).toBe(0);
    await report(a2, runId, 3, 'disk full', 'no space left');
    await runDueJobs();
    r = await run(runId);
    expect(r).toMatchObject({ status: 'failed', reason: '1 step(s) failed', finishedAt: expect.any(String) });
    expect(r.steps.find((s: { deviceId: string }) => s.deviceId === a2.deviceId)).toMatchObject({ status: 'failed', error: 'The script exited with code 3', result: { exitCode: 3, stdout: 'disk full', stderr: 'no space left', executionStatus: 'completed' } });
    expect(r.steps.find((s: { actionType: string }) => s.actionType === 'create_ticket').status).toBe('succeeded');
    expect(await db.ticket.count({ where: { orgId, subject: 'After the scripts' } })).toBe(1);
    expect(await events('automation.failed', runId)).toBe(1);
    expect(await events('automation.completed', runId)).toBe(0);
  });

  it('keeps the end of a long output on the step; the execution keeps all of it', async () => {
    const a = (await create({ actions: [{ type: 'run_script', scriptId }] })).body;
    const runId = await start(a.id, [a1.deviceId]);
    const long = `${'x'.repeat(5000)}THE END`;
    await report(a1, runId, 0, long);
    await runDueJobs();
    const step = (await run(runId)).steps[0];
    expect(step.result.stdout.endsWith('THE END')).toBe(true);
    expect(step.result.stdout.length).toBeLessThanOrEqual(2001);
    expect(step.result.truncated).toBe(true);
    expect((await db.scriptExecution.findUniqueOrThrow({ where: { id: step.result.executionId } })).stdout).toBe(long);
  });

  it('a cancelled execution fails its step and finishes the run', async () => {
    const a = (await create({ actions: [{ type: 'run_script', scriptId }] })).body;
    const runId = await start(a.id, [a2.deviceId]);
    const step = (await run(runId)).steps[0];
    const cancelled = await api.post(`/scripts/executions/${step.result.executionId}/cancel`, { token: admin });
    expect(cancelled.status, cancelled.text).toBe(200);
    await runDueJobs();
    expect(await run(runId)).toMatchObject({ status: 'failed', steps: [{ status: 'failed', error: 'The script was cancelled', result: { executionStatus: 'cancelled' } }] });
  });

  it('a script the agent took but never reported fails its step when the server times it out', async () => {
    const a = (await create({ actions: [{ type: 'run_script', scriptId }] })).body;
    const runId = await start(a.id, [a2.deviceId]);
    const step = (await run(runId)).steps[0];
    const hb = await heartbeat(a2);
    expect((hb.body.commands as { id: string }[]).some((c) => c.id === step.result.commandId)).toBe(true);
    await db.deviceCommand.update({ where: { id: step.result.commandId }, data: { sentAt: new Date(Date.now() - 24 * 3600_000) } });
    await sweepDevicePresence();
    await runDueJobs();
    expect(await run(runId)).toMatchObject({ status: 'failed', steps: [{ status: 'failed', error: 'The script timed out', result: { executionStatus: 'timed_out' } }] });
  });

  it('a job re-run while a script is out queues nothing twice', async () => {
    const a = (await create({ actions: [{ type: 'run_script', scriptId }, { type: 'create_ticket', subject: 'Once after crash' }] })).body;
    const runId = await start(a.id, [a1.deviceId]);
    // A worker died and the job ran again, several times and concurrently.
    await Promise.all([executeAutomationRun(runId), executeAutomationRun(runId)]);
    await executeAutomationRun(runId);
    expect(await db.scriptExecution.count({ where: { deviceId: a1.deviceId, createdAt: { gte: new Date((await run(runId)).createdAt) } } })).toBe(1);
    expect(await db.ticket.count({ where: { orgId, subject: 'Once after crash' } })).toBe(0);
    await report(a1, runId, 0, 'fine');
    await runDueJobs();
    await executeAutomationRun(runId);
    expect(await run(runId)).toMatchObject({ status: 'completed' });
    expect(await db.ticket.count({ where: { orgId, subject: 'Once after crash' } })).toBe(1);
    expect(await events('automation.completed', runId)).toBe(1);
  });
});

describe('notify_channel', () => {
  it('sends to a webhook channel and an email channel; refused sends fail the step', async () => {
    const hook = await api.post('/alerts/channels', { token: admin, body: { name: 'ops hook', kind: 'webhook', orgId, config: { url: `${receiver.url}/ops`, secret: 's3cret' } } });
    expect(hook.status, hook.text).toBe(201);
    const mail = await api.post('/alerts/channels', { token: admin, body: { name: 'ops mail', kind: 'email', config: { recipients: ['ops@example.test'] } } });
    expect(mail.status, mail.text).toBe(201);
    const foreign = await api.post('/alerts/channels', { token: admin, body: { name: 'other org', kind: 'email', orgId: otherOrgId, config: { recipients: ['x@example.test'] } } });
    // A channel of another organization, or none, is refused at write.
    for (const channelId of [foreign.body.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await create({ actions: [{ type: 'notify_channel', channelId }] });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'REF_NOT_FOUND', details: [{ path: 'body.actions.0.channelId' }] });
    }
    const a = (await create({
      actions: [
        { type: 'notify_channel', channelId: hook.body.id, subject: 'Disk on {{hostname}}', message: '{{automation}} ran for {{hostname}}', severity: 'high' },
        { type: 'notify_channel', channelId: mail.body.id, subject: 'Mail for {{hostname}} ({{source}})' },
      ],
    })).body;
    expect(a.actions[1]).toMatchObject({ type: 'notify_channel', message: '', severity: 'info' });
    const before = receiver.requests.length;
    const runId = await start(a.id, [a1.deviceId]);
    const got = await receiver.nth(before + 1);
    expect(got.headers['x-service-event-type']).toBe('automation.notification');
    expect(got.headers['x-service-signature']).toMatch(/^sha256=/);
    expect(JSON.parse(got.body).data).toMatchObject({ runId, automationName: a.name, hostname: 'res-a', subject: 'Disk on res-a', text: `${a.name} ran for res-a` });
    const email = await smtp.waitFor((m) => m.subject === 'Mail for res-a (run)');
    expect(email.text).toContain(a.name);
    expect(await run(runId)).toMatchObject({
      status: 'completed',
      steps: [
        { actionType: 'notify_channel', deviceId: null, status: 'succeeded', result: { channelId: hook.body.id, kind: 'webhook', status: 200 } },
        { actionType: 'notify_channel', deviceId: null, status: 'succeeded', result: { channelId: mail.body.id, kind: 'email' } },
      ],
    });

    // The receiver refuses: the step fails with its answer.
    receiver.respond(() => ({ status: 503, body: 'busy' }));
    const refused = await start(a.id, [a1.deviceId]);
    expect(await run(refused)).toMatchObject({ status: 'failed', steps: [{ status: 'failed', error: expect.stringMatching(/CHANNEL_SEND_FAILED.*503/) }, { status: 'succeeded' }] });
    receiver.respond(() => ({ status: 200 }));

    // Loopback is no longer allowed: the URL is checked again before the send, nothing is sent.
    delete process.env.WEBHOOK_TEST_ALLOW_LOOPBACK;
    resetEnvCache();
    try {
      const count = receiver.requests.length;
      const unsafe = await start(a.id, [a1.deviceId]);
      expect((await run(unsafe)).steps[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('UNSAFE_URL') });
      expect(receiver.requests.length).toBe(count);
    } finally {
      process.env.WEBHOOK_TEST_ALLOW_LOOPBACK = 'true';
      resetEnvCache();
    }

    // A disabled channel skips its step.
    await db.alertChannel.update({ where: { id: hook.body.id }, data: { enabled: false } });
    const skipped = await start(a.id, [a1.deviceId]);
    expect((await run(skipped)).steps[0]).toMatchObject({ status: 'skipped', error: 'The alert channel is disabled' });
  });
});
