// Testing the credentials of an SNMP device polled by a probe agent: the server does not reach
// the device, so the probe reads its identity. The test is an `snmp_test` command on the probe
// (payload { snmpDeviceId, credentials? }); the agent fetches its plan from the same endpoint as
// an snmp_poll (GET /agents/:agentId/snmp/polls/:commandId: no OIDs, the identity only) and
// returns the same result shape. The state lives in the command row, not in this process: the
// route re-reads the row until the result is there or its bounded wait is over, and a caller
// that stopped waiting reads the result later at GET /devices/:probeId/commands/:commandId.
// Credentials given in the test body (not saved on the device) are sealed in the payload, bound
// to the command, and erased from it when the agent fetches the plan.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { db } from '@/lib/db';
import type { SnmpDevice } from '@/lib/generated/prisma/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { openCredential, sealCredential } from '@/lib/security/credential-box';
import { ZSnmpCredentials, type TSnmpCredentials } from '@/lib/snmp/schemas';

export const SNMP_TEST_COMMAND = 'snmp_test';
const PURPOSE = 'snmp.test-credentials';
/** How often the waiting route re-reads the command row. */
const RECHECK_MS = 250;

export const ZSnmpTestPayload = z.object({ snmpDeviceId: z.string().uuid(), credentials: z.string().optional() });

const ZIdentityResult = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    durationMs: z.number().int().min(0),
    identity: z.object({ sysDescr: z.string().max(1000).nullable(), sysObjectId: z.string().max(255).nullable(), sysName: z.string().max(255).nullable() }).nullable(),
  }),
  z.object({ ok: z.literal(false), durationMs: z.number().int().min(0), error: z.string().max(1000) }),
]);

export interface ProbeTestOutcome {
  ok: boolean;
  durationMs: number;
  error: string | null;
  sysDescr: string | null;
  sysObjectId: string | null;
  sysName: string | null;
  probeCommandId: string | null;
  pending: boolean;
}

const outcome = (o: Partial<ProbeTestOutcome> & { ok: boolean }): ProbeTestOutcome => ({
  durationMs: 0,
  error: null,
  sysDescr: null,
  sysObjectId: null,
  sysName: null,
  probeCommandId: null,
  pending: false,
  ...o,
});

/** Queues the test on the device's probe; null when the probe cannot take commands. */
async function queueProbeTest(device: SnmpDevice, credentials: TSnmpCredentials | undefined) {
  const probe = await db.device.findFirst({ where: { id: device.probeDeviceId!, orgId: device.orgId } });
  if (!probe || !acceptsCommands(probe)) return null;
  const id = randomUUID();
  const payload: z.infer<typeof ZSnmpTestPayload> = { snmpDeviceId: device.id };
  if (credentials) payload.credentials = sealCredential(JSON.stringify(credentials), { purpose: PURPOSE, boundTo: id });
  return db.deviceCommand.create({
    data: { id, partnerId: probe.partnerId, orgId: probe.orgId, deviceId: probe.id, type: SNMP_TEST_COMMAND, payload: payload as Prisma.InputJsonValue, source: 'system' },
  });
}

/** The credentials a test plan hands over: the body's (erased from the payload now), else the device's. */
export async function takeTestCredentials(command: { id: string; payload: unknown }): Promise<TSnmpCredentials | null> {
  const payload = ZSnmpTestPayload.safeParse(command.payload);
  if (!payload.success || !payload.data.credentials) return null;
  const sealed = payload.data.credentials;
  await db.deviceCommand.update({ where: { id: command.id }, data: { payload: { snmpDeviceId: payload.data.snmpDeviceId } } });
  return ZSnmpCredentials.parse(JSON.parse(openCredential(sealed, { purpose: PURPOSE, boundTo: command.id })));
}

/** The test's outcome as the command row holds it now (pending while the agent has not answered). */
function readOutcome(command: { id: string; status: string; result: unknown; stderr: string | null }, probeName: string): ProbeTestOutcome {
  const probeCommandId = command.id;
  if (command.status === 'pending' || command.status === 'sent') {
    return outcome({ ok: false, pending: true, probeCommandId, error: `The probe agent (${probeName}) has not answered yet: read the result from its command` });
  }
  if (command.status !== 'completed') return outcome({ ok: false, probeCommandId, error: (command.stderr || `The probe's test ended ${command.status}`).slice(0, 1000) });
  const parsed = ZIdentityResult.safeParse(command.result);
  if (!parsed.success) return outcome({ ok: false, probeCommandId, error: 'The probe agent returned an unreadable test result' });
  const r = parsed.data;
  if (!r.ok) return outcome({ ok: false, probeCommandId, durationMs: r.durationMs, error: r.error });
  return outcome({ ok: true, probeCommandId, durationMs: r.durationMs, ...(r.identity ?? {}) });
}

/**
 * Tests through the probe: queues the command, then re-reads it until the agent answered or
 * `waitSeconds` are over (0: answer the handle at once). The answer is `pending` with the
 * command id when the agent has not answered in time.
 */
export async function testThroughProbe(device: SnmpDevice, credentials: TSnmpCredentials | undefined, waitSeconds: number): Promise<ProbeTestOutcome> {
  const command = await queueProbeTest(device, credentials);
  if (!command) return outcome({ ok: false, error: 'The probe device is gone, uninstalled or decommissioned: choose another probe' });
  const probe = await db.device.findUnique({ where: { id: command.deviceId }, select: { hostname: true } });
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    const row = await db.deviceCommand.findUniqueOrThrow({ where: { id: command.id }, select: { id: true, status: true, result: true, stderr: true } });
    const now = readOutcome(row, probe?.hostname ?? 'probe');
    if (!now.pending || Date.now() >= deadline) return now;
    await new Promise((resolve) => setTimeout(resolve, Math.min(RECHECK_MS, Math.max(0, deadline - Date.now()))));
  }
}
