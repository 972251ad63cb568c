// Script exit codes mapped to a severity (exitCodeSeverityMapping) raise alerts through the
// common lifecycle: one open alert per (script, device), resolved by a later clean run.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/http';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { createKey, enroll, heartbeat, postResult, type EnrolledAgent } from '../helpers/agents';
import { eventsOf } from '../helpers/alerts';
import { db } from '@/lib/db';

let admin: string;
let agent: EnrolledAgent;

beforeAll(async () => {
  const partner = await makePartner();
  admin = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const org = await makeOrg(partner.id);
  agent = await enroll((await createKey(admin, { orgId: org.id })).key);
  await heartbeat(agent);
});

async function run(scriptId: string, exitCode: number) {
  const res = await api.post(`/scripts/${scriptId}/execute`, { token: admin, body: { deviceIds: [agent.deviceId] } });
  expect(res.status, res.text).toBe(202);
  const [cmd] = (await heartbeat(agent)).body.commands as { id: string }[];
  expect((await postResult(agent, cmd.id, { status: exitCode === 0 ? 'completed' : 'failed', exitCode })).status).toBe(200);
}

describe('script severity alerts', () => {
  it('a mapped exit code raises one alert of that severity; a clean run resolves it', async () => {
    const script = await api.post('/scripts', { token: admin, body: { name: 'Backup check', osTypes: ['linux'], language: 'bash', content: 'exit 2', orgId: (await db.device.findUniqueOrThrow({ where: { id: agent.deviceId } })).orgId, exitCodeSeverityMapping: { '2': 'critical', '1': null } } });
    expect(script.status, script.text).toBe(201);
    await run(script.body.id, 1); // mapped to no severity: no alert
    expect(await db.alert.count({ where: { source: 'script', deviceId: agent.deviceId } })).toBe(0);
    await run(script.body.id, 2);
    await run(script.body.id, 2);
    const alerts = await db.alert.findMany({ where: { source: 'script', deviceId: agent.deviceId } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ severity: 'critical', status: 'active', context: expect.objectContaining({ scriptId: script.body.id, exitCode: 2 }) });
    expect(await eventsOf('alert.triggered', alerts[0].id)).toBe(1);
    const listed = await api.get('/alerts', { token: admin, query: { source: 'script' } });
    expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual([alerts[0].id]);
    await run(script.body.id, 0);
    expect(await db.alert.findUniqueOrThrow({ where: { id: alerts[0].id } })).toMatchObject({ status: 'resolved', resolvedBySystem: true });
  });
});
