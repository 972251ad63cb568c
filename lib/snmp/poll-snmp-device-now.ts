// POST /snmp/devices/:id/poll and /test: a poll now (stored like a scheduled one), and a
// credentials test that reads the identity and stores nothing. A device behind a probe agent is
// polled by queueing the poll on its probe, and tested by the probe (lib/snmp/probe-tests.ts).
import type { z } from 'zod';
import type { ScopedContext } from '@/lib/auth/context';
import type { ZTestSnmpDeviceBody } from '@/lib/snmp/schemas';
import { getSnmpDeviceOrThrow } from '@/lib/snmp/get-snmp-device-or-throw';
import { pollSnmpDevice, resolveSnmpTarget } from '@/lib/snmp/poll-snmp-device';
import { toSnmpDeviceDto } from '@/lib/snmp/to-snmp-device-dto';
import { collectSnmpValues } from '@/lib/snmp/collect-snmp-values';
import { queueProbePoll } from '@/lib/snmp/probe-polls';
import { testThroughProbe } from '@/lib/snmp/probe-tests';

export async function pollSnmpDeviceNow(ctx: ScopedContext, id: string) {
  const device = await getSnmpDeviceOrThrow(ctx, id);
  if (device.probeDeviceId) {
    const queued = await queueProbePoll(device, false);
    const failed = !queued.commandId && queued.recorded;
    return {
      ok: !failed,
      durationMs: 0,
      error: failed ? queued.recorded!.device.lastError : null,
      values: [],
      device: toSnmpDeviceDto(queued.recorded?.device ?? device),
      probeCommandId: queued.commandId,
    };
  }
  const { collected, device: updated, values } = await pollSnmpDevice(device);
  const polledAt = (updated.lastPolledAt ?? new Date()).toISOString();
  return {
    ok: collected.ok,
    durationMs: collected.durationMs,
    error: collected.ok ? null : collected.error,
    values: values.map((v) => ({ oid: v.oid, name: v.name, unit: v.unit, type: v.type, value: v.value, text: v.text, polledAt })),
    device: toSnmpDeviceDto(updated),
    probeCommandId: null,
  };
}

export async function testSnmpDevice(ctx: ScopedContext, id: string, body: z.output<typeof ZTestSnmpDeviceBody>) {
  const device = await getSnmpDeviceOrThrow(ctx, id);
  if (device.probeDeviceId) return testThroughProbe(device, body.credentials, body.waitSeconds);
  const none = { sysDescr: null, sysObjectId: null, sysName: null, probeCommandId: null, pending: false };
  const resolved = await resolveSnmpTarget(device, body.credentials);
  if (!resolved.ok) return { ok: false, durationMs: 0, error: resolved.error, ...none };
  const collected = await collectSnmpValues(resolved.target, [], true);
  if (!collected.ok) return { ok: false, durationMs: collected.durationMs, error: collected.error, ...none };
  const identity = collected.identity ?? { sysDescr: null, sysObjectId: null, sysName: null };
  return { ok: true, durationMs: collected.durationMs, error: null, ...none, ...identity };
}
