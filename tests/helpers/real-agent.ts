// The real reference agent (agent/dist/rmm-agent.cjs) as a separate process against a test
// server over real HTTP: one enrolled, running agent per test file, and a deadline poll whose
// failure shows the agent's last log lines.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api } from './http';
import { startTestServer, type TestServer } from './test-server';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from './factories';
import { createKey } from './agents';
import { resetEnvCache } from '@/lib/env';
import type { AgentChannelHub } from '@/lib/agent-channel/hub';

export const AGENT_BUNDLE = path.resolve(import.meta.dirname, '../../agent/dist/rmm-agent.cjs');

export interface RealAgent {
  server: TestServer;
  /** A partner admin with a completed MFA challenge. */
  admin: string;
  orgId: string;
  deviceId: string;
  /** What the agent wrote to stderr so far. */
  log(): string;
  /** Polls `check` until it answers something truthy; the error carries the agent's log. */
  eventually<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs?: number): Promise<T>;
  /** Kills the agent, stops the server and restores the environment. */
  stop(): Promise<void>;
}

/** Polls `check` until it answers something truthy, or fails naming `what` (and the tail of `log`). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs = 60_000, log: () => string = () => ''): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${log().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * `bundle`: run a copy of the agent from elsewhere (a self-update replaces the file it runs);
 * `executable`: run a single-executable build of the agent instead (no Node.js in between).
 * Starts a test server, enrolls the real agent into a new organization with its state in
 * `dataDir`, runs it with a 1-second heartbeat and waits until its device is online. With `hub`
 * the server also accepts the agent's live channel.
 */
/**
 * Stops a real agent that may have self-updated: the updated agent runs on as the trial child of
 * the first one (its pid in update-trial.json), so it is killed before the agent itself stops.
 */
export async function stopUpdatingAgent(agent: RealAgent | undefined, dataDir: string): Promise<void> {
  try {
    const { pid } = JSON.parse(readFileSync(path.join(dataDir, 'update-trial.json'), 'utf8')) as { pid?: number };
    if (pid) process.kill(pid, 'SIGKILL');
  } catch {
    /* no update took place */
  }
  await agent?.stop();
}

export async function startRealAgent(dataDir: string, options: { env?: Record<string, string>; hub?: AgentChannelHub; bundle?: string; executable?: string } = {}): Promise<RealAgent> {
  const bundle = options.bundle ?? AGENT_BUNDLE;
  const command = (args: string[]): [string, string[]] => (options.executable ? [options.executable, args] : [process.execPath, [bundle, ...args]]);
  const server = await startTestServer({ hub: options.hub });
  process.env.APP_BASE_URL = server.url;
  process.env.AGENT_HEARTBEAT_INTERVAL_SECONDS = '1';
  resetEnvCache();
  let output = '';
  let agent: ChildProcess | undefined;
  const log = () => output;
  const stop = async () => {
    if (agent && agent.exitCode === null) agent.kill('SIGKILL');
    await server.stop();
    delete process.env.AGENT_HEARTBEAT_INTERVAL_SECONDS;
    process.env.APP_BASE_URL = 'http://localhost:3000';
    resetEnvCache();
  };
  try {
    const partner = await makePartner();
    const admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
    const orgId = (await makeOrg(partner.id)).id;
    const key = await createKey(admin, { orgId });
    const enrollError = await new Promise<string | null>((resolve) =>
      execFile(...command(['enroll', '--key', key.key, '--server', server.url, '--data-dir', dataDir, '--quiet']), { timeout: 60_000 }, (e, _out, err) => resolve(e ? `${e.message}\n${err}` : null)),
    );
    if (enrollError) throw new Error(`the agent did not enroll: ${enrollError}`);
    const deviceId = /deviceId: "([^"]+)"/.exec(readFileSync(path.join(dataDir, 'agent.yaml'), 'utf8'))![1];
    agent = spawn(...command(['run', '--data-dir', dataDir]), { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...options.env } });
    agent.stderr!.on('data', (d) => (output += d));
    const poll = <T,>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs = 60_000) => eventually(check, what, timeoutMs, log);
    await poll(async () => (await api.get(`/devices/${deviceId}`, { token: admin })).body.status === 'online', 'the agent online');
    return { server, admin, orgId, deviceId, log, eventually: poll, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
