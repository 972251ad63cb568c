// Enrollment keys, enrolled agents and heartbeats for integration tests, through the real API.
import { randomBytes } from 'node:crypto';
import { api } from './http';

export async function createKey(token: string, body: Record<string, unknown> = {}) {
  const res = await api.post('/enrollment-keys', { token, body: { name: `Key ${randomBytes(3).toString('hex')}`, ...body } });
  if (res.status !== 201) throw new Error(`enrollment key: ${res.status} ${res.text}`);
  return res.body as { id: string; key: string; enrollmentSecret?: string; orgId: string; siteId: string | null };
}

export function enrollBody(key: string, overrides: Record<string, unknown> = {}) {
  return {
    enrollmentKey: key,
    hostname: `host-${randomBytes(3).toString('hex')}`,
    osType: 'linux',
    osVersion: 'Debian GNU/Linux 12',
    architecture: 'amd64',
    agentVersion: '1.0.0',
    hardware: { cpuCores: 4, memoryBytes: 8 * 1024 ** 3 },
    ...overrides,
  };
}

export interface EnrolledAgent {
  agentId: string;
  deviceId: string;
  authToken: string;
  orgId: string;
  siteId: string | null;
}

export async function enroll(key: string, overrides: Record<string, unknown> = {}, ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`): Promise<EnrolledAgent> {
  const res = await api.post('/agents/enroll', { body: enrollBody(key, overrides), ip });
  if (res.status !== 201) throw new Error(`enroll: ${res.status} ${res.text}`);
  return res.body;
}

export function heartbeat(agent: EnrolledAgent, body: Record<string, unknown> = {}) {
  return api.post(`/agents/${agent.agentId}/heartbeat`, { token: agent.authToken, body: { metrics: { cpuPercent: 12.5, memoryPercent: 40 }, ...body } });
}

export function postResult(agent: EnrolledAgent, commandId: string, body: Record<string, unknown>) {
  return api.post(`/agents/${agent.agentId}/commands/${commandId}/result`, { token: agent.authToken, body });
}
