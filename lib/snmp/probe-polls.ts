// Polling through a probe agent, for SNMP devices on networks the server cannot reach (the
// device names its probe: an enrolled device on that network). The worker's sweep, or a poll
// now, queues an `snmp_poll` command for the probe (payload { snmpDeviceId }); the agent fetches
// the plan (target, credentials, OIDs) with handOverProbePoll, polls with the same net-snmp code
// as the worker (lib/snmp/collect-snmp-values.ts) and returns the readings as the command's
// result; recordProbePollResult stores them like a worker poll, in the result's transaction.
// A probe that has not answered by the next due poll (offline, stopped) makes the device down.
import { z } from 'zod';
import { db, type DbOrTx, type Tx } from '@/lib/db';
import type { DeviceCommand, SnmpDevice } from '@/lib/generated/prisma/client';
import type { AgentContext } from '@/lib/auth/context';
import { conflict, notFound } from '@/lib/http/errors';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import type { Collected, CollectedValue } from '@/lib/snmp/collect-snmp-values';
import { deviceOidPlan } from '@/lib/snmp/device-oid-plan';
import { openSnmpCredentials } from '@/lib/snmp/snmp-credentials';
import { MAX_WIRE_READINGS, type SnmpPollPlan } from '@/lib/snmp/snmp-poll-wire';
import { recordSnmpPoll, recordSnmpPollInTx, type RecordedPoll } from '@/lib/snmp/record-snmp-poll';
import type { SnmpReading } from '@/lib/snmp/snmp-client';
import { SNMP_TEST_COMMAND, takeTestCredentials } from '@/lib/snmp/probe-tests';

export const SNMP_POLL_COMMAND = 'snmp_poll';
export const ZSnmpPollPayload = z.object({ snmpDeviceId: z.string().uuid() });

const ZWireResult = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    durationMs: z.number().int().min(0),
    identity: z.object({ sysDescr: z.string().max(1000).nullable(), sysObjectId: z.string().max(255).nullable(), sysName: z.string().max(255).nullable() }).nullable(),
    values: z
      .array(
        z.object({
          entry: z.number().int(),
          oid: z.string().max(255),
          kind: z.enum(['number', 'counter', 'string', 'missing']),
          value: z.union([z.number(), z.string().max(1000), z.null()]),
          typeName: z.string().max(64),
        }),
      )
      .max(MAX_WIRE_READINGS),
  }),
  z.object({ ok: z.literal(false), durationMs: z.number().int().min(0), error: z.string().max(1000) }),
]);

async function planOf(client: DbOrTx, device: SnmpDevice) {
  const template = device.templateId ? await client.snmpTemplate.findUnique({ where: { id: device.templateId }, select: { oids: true } }) : null;
  return deviceOidPlan(device, template);
}

const failed = (error: string): Collected => ({ ok: false, error, durationMs: 0 });

/** The snmp_poll commands of this SNMP device not answered yet, newest first. */
function openPolls(device: SnmpDevice) {
  return db.deviceCommand.findMany({
    where: { deviceId: device.probeDeviceId!, type: SNMP_POLL_COMMAND, status: { in: ['pending', 'sent'] }, payload: { path: ['snmpDeviceId'], equals: device.id } },
    orderBy: { createdAt: 'desc' },
    take: 1,
  });
}

export interface QueuedProbePoll {
  /** The command the probe answers; null when the poll could not be queued (recorded failed). */
  commandId: string | null;
  /** A failed poll recorded instead (probe gone, or the previous poll unanswered). */
  recorded: RecordedPoll | null;
}

/**
 * Queues a poll of `device` on its probe. `scheduled` (the worker's sweep): a previous poll
 * still unanswered is recorded as a failed poll and no second one is queued. A poll now reuses
 * the unanswered one.
 */
export async function queueProbePoll(device: SnmpDevice, scheduled: boolean): Promise<QueuedProbePoll> {
  const probe = await db.device.findFirst({ where: { id: device.probeDeviceId!, orgId: device.orgId } });
  if (!probe || !acceptsCommands(probe)) {
    return { commandId: null, recorded: await recordSnmpPoll(device, failed('The probe device is gone, uninstalled or decommissioned: choose another probe')) };
  }
  const [open] = await openPolls(device);
  if (open) {
    const recorded = scheduled ? await recordSnmpPoll(device, failed(`The probe agent (${probe.hostname}) has not answered the poll queued at ${open.createdAt.toISOString()}: is it online?`)) : null;
    return { commandId: open.id, recorded };
  }
  const last = await db.deviceCommand.findFirst({
    where: { deviceId: probe.id, type: SNMP_POLL_COMMAND, payload: { path: ['snmpDeviceId'], equals: device.id } },
    orderBy: { createdAt: 'desc' },
  });
  let recorded: RecordedPoll | null = null;
  // The command sweep timed the last one out without a result: that poll failed.
  if (last?.status === 'timed_out' && (!device.lastPolledAt || device.lastPolledAt < last.createdAt)) {
    recorded = await recordSnmpPoll(device, failed(`The probe agent (${probe.hostname}) did not return the poll in time`));
  }
  const command = await db.deviceCommand.create({
    data: { partnerId: probe.partnerId, orgId: probe.orgId, deviceId: probe.id, type: SNMP_POLL_COMMAND, payload: { snmpDeviceId: device.id }, source: 'system' },
  });
  return { commandId: command.id, recorded };
}

/** GET /agents/:agentId/snmp/polls/:commandId: what the probe polls, with the credentials. */
export async function handOverProbePoll(ctx: AgentContext, commandId: string): Promise<SnmpPollPlan> {
  const command = await db.deviceCommand.findFirst({ where: { id: commandId, deviceId: ctx.deviceId, type: { in: [SNMP_POLL_COMMAND, SNMP_TEST_COMMAND] } } });
  if (!command) throw notFound('Command');
  if (command.status !== 'sent') throw conflict(`This command is ${command.status}: its poll plan is no longer handed over`, 'COMMAND_NOT_AWAITING_RESULT');
  const payload = ZSnmpPollPayload.safeParse(command.payload);
  // The SNMP device was deleted, or moved to another probe, since the command was queued.
  const device = payload.success ? await db.snmpDevice.findFirst({ where: { id: payload.data.snmpDeviceId, probeDeviceId: ctx.deviceId } }) : null;
  if (!device) throw notFound('SNMP device');
  const test = command.type === SNMP_TEST_COMMAND;
  // A credentials test reads the identity only, with the credentials it was given if any.
  const credentials = (test ? await takeTestCredentials(command) : null) ?? openSnmpCredentials(device.id, device.credentials);
  return {
    host: device.host,
    port: device.port,
    credentials,
    timeoutMs: device.timeoutMs,
    retries: device.retries,
    oids: test ? [] : await planOf(db, device),
    wantIdentity: test || device.sysDescr === null,
  };
}

function toReading(r: z.output<typeof ZWireResult> & { ok: true }, i: number): SnmpReading | null {
  const v = r.values[i];
  if (v.kind === 'missing') return { oid: v.oid, kind: 'missing', value: null, typeName: v.typeName };
  if (v.kind === 'counter') return /^\d{1,20}$/.test(String(v.value)) ? { oid: v.oid, kind: 'counter', value: BigInt(String(v.value)), typeName: v.typeName } : null;
  if (v.kind === 'number') return typeof v.value === 'number' ? { oid: v.oid, kind: 'number', value: v.value, typeName: v.typeName } : null;
  return { oid: v.oid, kind: 'string', value: String(v.value ?? ''), typeName: v.typeName };
}

/** The probe's readings as a worker poll's: each names its plan entry and must lie under its OID. */
function fromWire(plan: ReturnType<typeof deviceOidPlan>, raw: unknown): Collected {
  const parsed = ZWireResult.safeParse(raw);
  if (!parsed.success) return failed('The probe agent returned an unreadable poll result');
  const r = parsed.data;
  if (!r.ok) return { ok: false, error: r.error, durationMs: r.durationMs };
  const values: CollectedValue[] = [];
  r.values.forEach((v, i) => {
    const entry = plan[v.entry];
    const reading = toReading(r, i);
    // The plan changed since the hand-over (template edited): a reading of a gone entry is dropped.
    if (!entry || !reading || (v.oid !== entry.oid && !v.oid.startsWith(`${entry.oid}.`))) return;
    values.push({ entry, reading, name: entry.walk ? `${entry.name}.${v.oid.slice(entry.oid.length + 1)}` : entry.name });
  });
  return { ok: true, values, identity: r.identity, durationMs: r.durationMs };
}

/** Called for every command result: a probe's snmp_poll is stored like a worker poll. */
export async function recordProbePollResult(tx: Tx, command: Pick<DeviceCommand, 'type' | 'deviceId' | 'payload'>, input: { status: string; stderr?: string | null; result?: unknown }) {
  if (command.type !== SNMP_POLL_COMMAND) return;
  const payload = ZSnmpPollPayload.safeParse(command.payload);
  if (!payload.success) return;
  const device = await tx.snmpDevice.findFirst({ where: { id: payload.data.snmpDeviceId, probeDeviceId: command.deviceId } });
  if (!device) return;
  const collected = input.status === 'completed' ? fromWire(await planOf(tx, device), input.result) : failed((input.stderr || `The probe's poll ended ${input.status}`).slice(0, 1000));
  await recordSnmpPollInTx(tx, device, collected);
}
