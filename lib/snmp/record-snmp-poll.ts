// Stores one poll in one transaction: the latest value of every OID instance (counters as their
// rate since the previous poll, the raw counter kept for the next one), the numeric values into
// the 5-minute history, the device's state, then the thresholds of the device. Two set-based
// statements write every value whatever the number of OIDs.
import { db, type Tx } from '@/lib/db';
import type { SnmpDevice } from '@/lib/generated/prisma/client';
import { floorTo, MINUTE_MS } from '@/lib/metric-history/time-bins';
import type { Collected } from '@/lib/snmp/collect-snmp-values';
import { counterRate } from '@/lib/snmp/counter-rate';
import { evaluateSnmpThresholds } from '@/lib/snmp/evaluate-snmp-thresholds';

export const SNMP_BUCKET_MS = 5 * MINUTE_MS;

export interface StoredValue {
  oid: string;
  name: string;
  unit: string | null;
  type: 'gauge' | 'counter' | 'string';
  value: number | null;
  text: string | null;
  rawCounter: string | null;
}

async function toStoredValues(tx: Tx, deviceId: string, collected: Extract<Collected, { ok: true }>, at: Date): Promise<StoredValue[]> {
  const previous = new Map(
    (await tx.snmpMetricLatest.findMany({ where: { snmpDeviceId: deviceId, type: 'counter', rawCounter: { not: null } }, select: { oid: true, rawCounter: true, polledAt: true } })).map((p) => [p.oid, { raw: BigInt(p.rawCounter!), at: p.polledAt }]),
  );
  const out: StoredValue[] = [];
  for (const { entry, reading, name } of collected.values) {
    if (reading.kind === 'missing') continue;
    const base = { oid: reading.oid, name: name.slice(0, 255), unit: entry.unit, type: entry.type };
    if (entry.type === 'string' || reading.kind === 'string') {
      out.push({ ...base, type: entry.type === 'string' ? 'string' : entry.type, value: null, text: String(reading.value), rawCounter: null });
    } else if (entry.type === 'counter' && reading.kind === 'counter') {
      out.push({ ...base, value: counterRate(previous.get(reading.oid) ?? null, { raw: reading.value, at }), text: null, rawCounter: reading.value.toString() });
    } else {
      out.push({ ...base, type: 'gauge', value: Number(reading.value), text: null, rawCounter: null });
    }
  }
  return out;
}

async function writeValues(tx: Tx, deviceId: string, values: StoredValue[], at: Date): Promise<number> {
  if (!values.length) return 0;
  const col = <K extends keyof StoredValue>(k: K) => values.map((v) => v[k]);
  await tx.$executeRaw`
    insert into snmp_metric_latest (snmp_device_id, oid, name, unit, type, value, text, raw_counter, polled_at)
    select ${deviceId}::uuid, v.oid, v.name, v.unit, v.type, v.value, v.text, v.raw, ${at}
    from unnest(${col('oid')}::text[], ${col('name')}::text[], ${col('unit')}::text[], ${col('type')}::text[], ${col('value')}::float8[], ${col('text')}::text[], ${col('rawCounter')}::text[])
      as v(oid, name, unit, type, value, text, raw)
    on conflict (snmp_device_id, oid) do update set name = excluded.name, unit = excluded.unit, type = excluded.type, value = excluded.value,
      text = excluded.text, raw_counter = excluded.raw_counter, polled_at = excluded.polled_at`;
  const numeric = values.filter((v) => v.value !== null && Number.isFinite(v.value));
  if (!numeric.length) return 1;
  await tx.$executeRaw`
    insert into snmp_metric_buckets as b (snmp_device_id, oid, bucket, count, sum, min, max, last)
    select ${deviceId}::uuid, v.oid, ${floorTo(at, SNMP_BUCKET_MS)}, 1, v.value, v.value, v.value, v.value
    from unnest(${numeric.map((v) => v.oid)}::text[], ${numeric.map((v) => v.value)}::float8[]) as v(oid, value)
    on conflict (snmp_device_id, oid, bucket) do update set count = b.count + 1, sum = b.sum + excluded.sum,
      min = least(b.min, excluded.min), max = greatest(b.max, excluded.max), last = excluded.last`;
  return 1 + numeric.length;
}

export interface RecordedPoll {
  device: SnmpDevice;
  values: StoredValue[];
  rowsWritten: number;
}

export async function recordSnmpPoll(device: SnmpDevice, collected: Collected, at = new Date()): Promise<RecordedPoll> {
  return db.$transaction((tx) => recordSnmpPollInTx(tx, device, collected, at));
}

/** The same inside the caller's transaction (a probe's poll arrives with its command result). */
export async function recordSnmpPollInTx(tx: Tx, device: SnmpDevice, collected: Collected, at = new Date()): Promise<RecordedPoll> {
  const values = collected.ok ? await toStoredValues(tx, device.id, collected, at) : [];
  const rowsWritten = collected.ok ? values.length + (await writeValues(tx, device.id, values, at)) - 1 : 0;
  const updated = await tx.snmpDevice.update({
    where: { id: device.id },
    data: {
      status: collected.ok ? 'up' : 'down',
      consecutiveFailures: collected.ok ? 0 : { increment: 1 },
      lastPolledAt: at,
      lastPollMs: collected.durationMs,
      lastError: collected.ok ? null : collected.error.slice(0, 1000),
      nextPollAt: new Date(at.getTime() + device.pollIntervalSeconds * 1000),
      ...(collected.ok && collected.identity ? collected.identity : {}),
    },
  });
  if (collected.ok) await evaluateSnmpThresholds(tx, updated, values, at);
  return { device: updated, values, rowsWritten };
}
