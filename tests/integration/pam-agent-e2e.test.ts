// End to end with the real reference agent (agent/dist/rmm-agent.cjs): a local user runs
// `rmm-agent elevate -- <command>`, the running agent service proves who asked, submits the request
// with its own credential, waits for a technician's approval and runs the command (as root when the
// service is root: the CLI then runs as `nobody`), and kills a long command on revoke.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { AGENT_BUNDLE, startRealAgent, type RealAgent } from '../helpers/real-agent';
import { db } from '@/lib/db';

let world: RealAgent;
let socket: string;
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

beforeAll(async () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'rmm-pam-e2e-'));
  const sockDir = mkdtempSync(path.join(os.tmpdir(), 'rmm-pam-sock-'));
  chmodSync(sockDir, 0o755);
  socket = path.join(sockDir, 'elevate.sock');
  world = await startRealAgent(path.join(base, 'data'), { env: { RMM_AGENT_ELEVATE_SOCKET: socket, RMM_AGENT_ELEVATE_POLL_MS: '200' } });
  // Enrollment already marks the device online, so the agent process may still be starting:
  // wait for its broker's socket, opened to every local user (0666), before the first request.
  await world.eventually(() => existsSync(socket) && (statSync(socket).mode & 0o777) === 0o666, 'the elevation socket');
}, 90_000);

afterAll(() => world?.stop());

/** Runs the CLI as a separate process (as `nobody` when this test runs as root). */
function elevate(args: string[]) {
  const child = spawn(process.execPath, [AGENT_BUNDLE, 'elevate', '--reason', 'e2e', '--', ...args], {
    env: { NODE_ENV: process.env.NODE_ENV, PATH: process.env.PATH, RMM_AGENT_ELEVATE_SOCKET: socket, LANG: 'C' } as NodeJS.ProcessEnv,
    cwd: '/',
    ...(isRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, done, out: () => stdout, err: () => stderr };
}

const pendingFor = (exe: string) =>
  world.eventually(async () => {
    const res = await api.get('/pam/elevation-requests', { token: world.admin, query: { deviceId: world.deviceId, status: 'pending', search: exe } });
    return res.body.data[0] as { id: string; user: string; groups: string[]; executablePath: string; sha256: string; signer: null; parentImage: string | null; commandLine: string } | undefined;
  }, `a pending request for ${exe}`);

describe.skipIf(process.platform !== 'linux')('elevation with the reference agent', () => {
  it('a pending request approved by a technician runs the command elevated', async () => {
    const run = elevate(['id', '-u']);
    const req = await pendingFor('/id');
    expect(req.executablePath).toMatch(/\/id$/);
    expect(req.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(req.signer).toBeNull();
    expect(req.commandLine).toBe(`${req.executablePath} -u`);
    expect(req.parentImage).toBe(process.execPath);
    expect(req.user).toBe(isRoot ? 'nobody' : os.userInfo().username);
    expect(req.groups.length).toBeGreaterThan(0);
    expect(run.err()).toContain('waiting for approval');

    const approved = await api.post(`/pam/elevation-requests/${req.id}/respond`, { token: world.admin, body: { decision: 'approve', durationMinutes: 5 } });
    expect(approved.status, approved.text).toBe(200);
    expect(await run.done).toBe(0);
    // As root the command ran as uid 0 though the requester was nobody; otherwise as the service's own account.
    expect(run.out().trim()).toBe(String(process.getuid!()));
    const row = await world.eventually(async () => {
      const r = await db.pamElevationRequest.findUniqueOrThrow({ where: { id: req.id } });
      return r.endedAt ? r : null;
    }, 'the end reported');
    expect(row).toMatchObject({ status: 'completed', exitCode: 0, reason: 'e2e' });
  }, 60_000);

  it('a denying rule refuses at once; nothing runs', async () => {
    const rule = await api.post('/pam/rules', { token: world.admin, body: { orgId: world.orgId, name: 'No touch', verdict: 'deny', matchPathGlob: '**/touch' } });
    expect(rule.status, rule.text).toBe(201);
    const target = path.join(os.tmpdir(), `rmm-pam-never-${Date.now()}`);
    const run = elevate(['touch', target]);
    expect(await run.done).toBe(126);
    expect(run.err()).toContain('elevation denied');
    expect(existsSync(target)).toBe(false);
    const denied = await api.get('/pam/elevation-requests', { token: world.admin, query: { deviceId: world.deviceId, status: 'denied' } });
    expect(denied.body.data[0]).toMatchObject({ decidedBy: 'rule', ruleId: rule.body.id });
  }, 60_000);

  it('revoking an active elevation kills the command', async () => {
    const rule = await api.post('/pam/rules', { token: world.admin, body: { orgId: world.orgId, name: 'Sleep ok', verdict: 'approve', durationMinutes: 10, matchCommandLine: '*sleep 300' } });
    expect(rule.status, rule.text).toBe(201);
    const run = elevate(['sleep', '300']);
    const active = await world.eventually(async () => (await api.get('/pam/active', { token: world.admin, query: { deviceId: world.deviceId } })).body.data[0] as { id: string } | undefined, 'the active elevation');
    await world.eventually(() => run.err().includes('approved'), 'the command started');
    expect((await api.post(`/pam/elevation-requests/${active.id}/revoke`, { token: world.admin, body: { note: 'enough' } })).status).toBe(200);
    await run.done;
    expect(run.err()).toContain('stopped: elevation revoked');
    const row = await world.eventually(async () => {
      const r = await db.pamElevationRequest.findUniqueOrThrow({ where: { id: active.id } });
      return r.endedAt ? r : null;
    }, 'the end reported');
    expect(row.status).toBe('revoked');
  }, 60_000);

  it('a requester who cannot prove its identity is refused', async () => {
    const net = await import('node:net');
    const reply = await new Promise<string>((resolve) => {
      const s = net.createConnection(socket, () => s.write(`${JSON.stringify({ type: 'hello', pid: process.pid, argv: ['id'], cwd: '/', reason: null })}\n`));
      let buf = '';
      s.on('data', (d) => {
        buf += d;
        if (buf.includes('challenge')) s.write(`${JSON.stringify({ type: 'proof', path: '/etc/hostname' })}\n`);
      });
      s.on('close', () => resolve(buf));
    });
    expect(reply).toContain('Could not verify who is asking');
  }, 30_000);
});
