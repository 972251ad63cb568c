// End to end with the real reference agent (agent/dist/rmm-agent.cjs) as a separate process: a
// policy_check command queued the way the server queues commands is claimed by the agent, which
// runs the checks on this machine (a process started here, files written here, a script with a
// remediation) and records one answer per check in the shape of lib/policies/check-wire.ts.
// Users cannot queue policy_check themselves.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { startRealAgent, type RealAgent } from '../helpers/real-agent';
import { db } from '@/lib/db';
import { commandRow, insertCommands } from '@/lib/devices/create-device-command';
import type { CommandInput } from '@/lib/devices/command-schemas';
import { ZPolicyCheckResult, type PolicyCheckPayload } from '@/lib/policies/check-wire';

let world: RealAgent;
let dir: string;
let sleeper: ChildProcess | undefined;
const tag = Math.random().toString(36).slice(2, 7);
const procName = `rmmpol-${tag}`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'rmm-policy-e2e-'));
  world = await startRealAgent(path.join(dir, 'data'));
}, 90_000);

afterAll(async () => {
  if (sleeper && sleeper.exitCode === null) sleeper.kill('SIGKILL');
  await world?.stop();
});

/** Queues a policy_check the way the server does: a device_commands row with source system. */
async function queuePolicyCheck(payload: PolicyCheckPayload) {
  const device = await db.device.findUniqueOrThrow({ where: { id: world.deviceId } });
  const [created] = await db.$transaction((tx) => insertCommands(tx, [commandRow(device, { type: 'policy_check', payload } as unknown as CommandInput, 'system', null)]));
  return created.id;
}

async function finished(commandId: string) {
  return world.eventually(async () => {
    const c = await db.deviceCommand.findUnique({ where: { id: commandId } });
    return c && !['pending', 'sent'].includes(c.status) ? c : null;
  }, `policy_check ${commandId}`, 60_000);
}

describe.skipIf(process.platform !== 'linux')('policy_check on the real agent', () => {
  it('runs every check and stores one answer per check, completed although some fail', async () => {
    const bin = path.join(dir, procName);
    copyFileSync('/bin/sleep', bin);
    sleeper = spawn(bin, ['300'], { stdio: 'ignore' });
    await new Promise((resolve, reject) => sleeper!.once('spawn', resolve).once('error', reject));

    const config = path.join(dir, 'app.conf');
    const content = 'listen 443\nssl on\n';
    writeFileSync(config, content);
    const marker = path.join(dir, `fixed-${tag}`);
    const commandId = await queuePolicyCheck({
      evaluationId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      checks: [
        { id: 'proc-up', kind: 'process_running', name: procName },
        { id: 'proc-missing', kind: 'process_running', name: `rmm-none-${tag}` },
        { id: 'svc-missing', kind: 'service_running', name: `rmm-none-${tag}` },
        { id: 'file', kind: 'file_exists', path: config },
        { id: 'file-missing', kind: 'file_exists', path: path.join(dir, 'absent') },
        { id: 'content', kind: 'file_content', path: config, contains: 'ssl on', regex: '^listen 443$', sha256: createHash('sha256').update(content).digest('hex') },
        { id: 'content-bad', kind: 'file_content', path: config, contains: 'ssl off' },
        { id: 'regex-bad', kind: 'file_content', path: config, regex: '[' },
        { id: 'script', kind: 'script', check: { interpreter: 'bash', script: `test -f '${marker}'`, timeoutSeconds: 10 }, remediation: { interpreter: 'bash', script: `touch '${marker}'`, timeoutSeconds: 10 } },
        { id: 'script-slow', kind: 'script', check: { interpreter: 'bash', script: 'sleep 30', timeoutSeconds: 1 } },
        { id: 'script-cmd', kind: 'script', check: { interpreter: 'cmd', script: 'exit /b 0', timeoutSeconds: 10 } },
      ],
    });

    const done = await finished(commandId);
    expect(done.status, `${done.stdout}\n${done.stderr}`).toBe('completed');
    const result = ZPolicyCheckResult.parse(done.result);
    const byId = Object.fromEntries(result.checks.map((c) => [c.id, c]));
    expect(result.checks.map((c) => [c.id, c.status])).toEqual([
      ['proc-up', 'pass'],
      ['proc-missing', 'fail'],
      ['svc-missing', 'fail'],
      ['file', 'pass'],
      ['file-missing', 'fail'],
      ['content', 'pass'],
      ['content-bad', 'fail'],
      ['regex-bad', 'error'],
      ['script', 'pass'],
      ['script-slow', 'error'],
      ['script-cmd', 'unsupported'],
    ]);
    expect(byId['proc-up'].detail).toContain(String(sleeper.pid));
    expect(byId['script']).toMatchObject({ remediated: true, remediationExitCode: 0, exitCode: 0 });
    expect(existsSync(marker)).toBe(true);
    expect(byId['script-slow'].detail).toContain('timed out after 1 s');
    expect(byId['content-bad'].detail).toBe(`${config} does not contain "ssl off"`);
    expect(done.stdout).toBe('11 checks: 4 pass, 4 fail, 2 error, 1 unsupported');

    // The process is gone: the same check now fails.
    const exited = new Promise((resolve) => sleeper!.once('exit', resolve));
    sleeper.kill('SIGKILL');
    await exited;
    const again = await finished(await queuePolicyCheck({ checks: [{ id: 'proc-up', kind: 'process_running', name: procName }] }));
    expect(again.status).toBe('completed');
    expect(ZPolicyCheckResult.parse(again.result).checks).toEqual([{ id: 'proc-up', status: 'fail', detail: `no process named ${procName} is running` }]);
  }, 90_000);

  it('fails the command on a malformed payload, with the reason', async () => {
    const commandId = await queuePolicyCheck({ checks: [{ id: 'x', kind: 'file_exists' }] } as unknown as PolicyCheckPayload);
    const done = await finished(commandId);
    expect(done.status).toBe('failed');
    expect(done.stderr).toBe('Invalid policy_check payload: checks[0].path must be a string');
    expect(done.result).toEqual({ code: 'INVALID_PAYLOAD', message: 'checks[0].path must be a string' });
  }, 60_000);

  it('a user cannot queue policy_check, alone or in bulk', async () => {
    const payload = { checks: [{ id: 'f', kind: 'file_exists', path: '/etc/hosts' }] };
    const one = await api.post(`/devices/${world.deviceId}/commands`, { token: world.admin, body: { type: 'policy_check', payload } });
    expect(one.status, one.text).toBe(400);
    expect(one.body.error.code).toBe('VALIDATION_ERROR');
    const bulk = await api.post('/devices/bulk/commands', { token: world.admin, body: { deviceIds: [world.deviceId], type: 'policy_check', payload } });
    expect(bulk.status, bulk.text).toBe(400);
    expect(await db.deviceCommand.count({ where: { deviceId: world.deviceId, type: 'policy_check', source: { not: 'system' } } })).toBe(0);
  });
});
