// The presence lease refresh against the real table: it extends this process's rows, records
// again a held device whose row went missing, leaves a device another process took over alone,
// and drops only old rows of channels no longer held (not a row whose insert is still landing).
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, enroll } from '../helpers/agents';
import { makeOrg, makePartner, makePartnerUser, tokenFor } from '../helpers/factories';
import { Presence } from '@/lib/agent-channel/presence';
import type { Connection } from '@/lib/agent-channel/protocol';
import { db } from '@/lib/db';

const deviceIds: string[] = [];

function connection(deviceId: string): Connection {
  return { id: randomUUID(), ws: { close: () => undefined } as unknown as WebSocket, deviceId, alive: true, hello: null, streams: new Map(), nextStream: 1 };
}

beforeAll(async () => {
  const partner = await makePartner();
  const token = await tokenFor(await makePartnerUser(partner), { mfa: true });
  const org = await makeOrg(partner.id);
  const key = await createKey(token, { orgId: org.id });
  for (let i = 0; i < 4; i++) deviceIds.push((await enroll(key.key)).deviceId);
});

describe('agent channel presence refresh', () => {
  it('records a held device whose row is missing, and extends the others', async () => {
    const processId = randomUUID();
    const presence = new Presence(processId, 30);
    const [lost, kept] = deviceIds;
    const lostConn = connection(lost);
    const keptConn = connection(kept);
    presence.add(lostConn);
    presence.add(keptConn);
    await presence.record(keptConn);
    await db.agentChannelPresence.update({ where: { deviceId: kept }, data: { leaseExpiresAt: new Date(Date.now() + 1000) } });
    // `lost` never got its row (its insert lost to a concurrent cleanup).
    await presence.refresh();
    const rows = await db.agentChannelPresence.findMany({ where: { deviceId: { in: [lost, kept] } }, orderBy: { deviceId: 'asc' } });
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.processId).toBe(processId);
      expect(row.leaseExpiresAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    }
    expect(rows.find((r) => r.deviceId === lost)!.connectionId).toBe(lostConn.id);
  });

  it('leaves a device another process took over, and drops only old rows of channels not held', async () => {
    const processId = randomUUID();
    const presence = new Presence(processId, 30);
    const otherId = randomUUID();
    const other = new Presence(otherId, 30);
    const [takenOver, orphan, landing] = deviceIds.slice(1);
    // Held here by a connection the agent has since replaced on another process.
    presence.add(connection(takenOver));
    await other.record(connection(takenOver));
    // Rows of this process for channels it no longer holds: one old (its connection closed while
    // its insert was on the way), one just inserted (a connection accepted after the refresh began).
    await presence.record(connection(orphan));
    await db.agentChannelPresence.update({ where: { deviceId: orphan }, data: { connectedAt: new Date(Date.now() - 60_000) } });
    await presence.record(connection(landing));
    await presence.refresh();
    expect(await presence.holder(takenOver)).toBe(otherId);
    expect(await db.agentChannelPresence.findUnique({ where: { deviceId: orphan } })).toBeNull();
    expect(await presence.holder(landing)).toBe(processId);
  });
});
