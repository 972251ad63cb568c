// End to end with the real reference agent (agent/dist/rmm-agent.cjs) as a separate process
// against the API over real HTTP: script executions run bash on this machine — output and exit
// code, a secret variable in the environment only, custom-field output, the agent's timeout
// killing `sleep 600`, and a cancel of a running script.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { startRealAgent, type RealAgent } from '../helpers/real-agent';
import { db } from '@/lib/db';

let world: RealAgent;
let admin: string;
let orgId: string;
let deviceId: string;
const eventually: RealAgent['eventually'] = (check, what, timeoutMs = 30_000) => world.eventually(check, what, timeoutMs);

beforeAll(async () => {
  world = await startRealAgent(path.join(mkdtempSync(path.join(os.tmpdir(), 'rmm-script-e2e-')), 'data'));
  ({ admin, orgId, deviceId } = world);
}, 90_000);

afterAll(() => world?.stop());

async function script(content: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/scripts', { token: admin, body: { orgId, name: `E2E ${Math.random().toString(36).slice(2, 8)}`, osTypes: ['linux', 'macos'], language: 'bash', content, ...extra } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function execute(scriptId: string, body: Record<string, unknown> = {}) {
  const res = await api.post(`/scripts/${scriptId}/execute`, { token: admin, body: { deviceIds: [deviceId], ...body } });
  expect(res.status, res.text).toBe(202);
  expect(res.body.executions).toHaveLength(1);
  return res.body.executions[0].id as string;
}

const finished = (id: string, timeoutMs = 30_000) =>
  eventually(async () => {
    const e = (await api.get(`/scripts/executions/${id}`, { token: admin })).body;
    return ['completed', 'failed', 'timed_out', 'cancelled'].includes(e.status) ? e : null;
  }, `execution ${id}`, timeoutMs);

describe.skipIf(process.platform === 'win32')('scripts on the reference agent', () => {
  it('runs bash with parameters and variables: stdout, stderr, exit code, duration, severity', async () => {
    const id = await script('echo "hello {{var.who}} from $SERVICE_PARAM_Place"; echo warn >&2; exit 3', { parameters: [{ name: 'Place', required: true }], exitCodeSeverityMapping: { '3': 'medium' } });
    const e = await finished(await execute(id, { parameters: { Place: 'the agent' }, variables: { who: 'world' } }));
    expect(e).toMatchObject({ status: 'failed', exitCode: 3, stdout: 'hello world from the agent\n', stderr: 'warn\n', severity: 'medium' });
    expect(e.durationMs).toBeGreaterThanOrEqual(0);
    const ok = await finished(await execute(await script('uname -s')));
    expect(ok).toMatchObject({ status: 'completed', exitCode: 0 });
    expect(ok.stdout.trim()).toBe(os.type());
  }, 60_000);

  it('a secret variable reaches the environment and never appears in stored content or results', async () => {
    const secret = 'e2e-S3cr3t-' + Math.random().toString(36).slice(2);
    const id = await script('echo "length=${#SERVICE_VAR_DB_PASSWORD}"\necho "leak: $SERVICE_VAR_DB_PASSWORD"');
    const executionId = await execute(id, { secretVariables: { DB_PASSWORD: secret } });
    const e = await finished(executionId);
    expect(e.status).toBe('completed');
    expect(e.stdout).toBe(`length=${secret.length}\nleak: [REDACTED]\n`);
    const stored = JSON.stringify([
      await db.script.findUniqueOrThrow({ where: { id } }),
      await db.scriptExecution.findUniqueOrThrow({ where: { id: executionId } }),
      await db.deviceCommand.findMany({ where: { deviceId } }),
      await db.auditLog.findMany({ where: { orgId } }),
      await db.event.findMany({ where: { orgId } }),
    ]);
    expect(stored).not.toContain(secret);
    expect(world.log()).not.toContain(secret);
  }, 60_000);

  it('a custom-fields line writes an allowed field and reports a read-only one', async () => {
    await api.post('/custom-fields', { token: admin, body: { orgId, key: 'kernel', name: 'Kernel', type: 'text', scriptWritable: true } });
    await api.post('/custom-fields', { token: admin, body: { orgId, key: 'asset_tag', name: 'Asset tag', type: 'text' } });
    const id = await script('echo "::service:custom-fields:: {\\"kernel\\": \\"$(uname -r)\\", \\"asset_tag\\": \\"hacked\\"}"');
    const e = await finished(await execute(id));
    expect(e.status).toBe('completed');
    expect(e.customFields.written).toEqual(['kernel']);
    expect(e.customFields.errors).toEqual([{ key: 'asset_tag', line: 1, reason: expect.stringContaining('read-only') }]);
    const values = (await api.get(`/devices/${deviceId}/custom-fields`, { token: admin })).body.data;
    expect(values.find((v: { key: string }) => v.key === 'kernel')).toMatchObject({ value: os.release(), source: 'script' });
    expect(values.find((v: { key: string }) => v.key === 'asset_tag').value).toBeNull();
  }, 60_000);

  it('the agent kills `sleep 600` at the timeout', async () => {
    const started = Date.now();
    const e = await finished(await execute(await script('echo going to sleep; sleep 600'), { timeoutSeconds: 2 }));
    expect(e).toMatchObject({ status: 'timed_out', stdout: 'going to sleep\n' });
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('cancel kills a running script', async () => {
    const executionId = await execute(await script('echo started; sleep 600'));
    await eventually(async () => (await api.get(`/scripts/executions/${executionId}`, { token: admin })).body.status === 'running', 'the run to start');
    // Give bash a moment to print before the kill (the claim precedes the spawn).
    await new Promise((r) => setTimeout(r, 500));
    const cancel = await api.post(`/scripts/executions/${executionId}/cancel`, { token: admin });
    expect(cancel.status).toBe(202);
    const e = await finished(executionId);
    expect(e.status).toBe('cancelled');
    expect(e.stderr, JSON.stringify(e) + world.log().slice(-3000)).toContain('cancelled');
    const kill = await db.deviceCommand.findFirstOrThrow({ where: { deviceId, type: 'cancel_command' } });
    expect(kill.status).toBe('completed');
    expect(kill.stdout).toBe('killed');
  }, 60_000);
});
