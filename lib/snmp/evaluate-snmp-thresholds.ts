// Thresholds of one device against the values of a poll. A breach raises the threshold's alert
// (one open alert per threshold, key snmp:<id>, through the alert lifecycle like monitors); the
// first poll back within bounds resolves it. An OID the poll did not return leaves the threshold
// as it was.
import type { Tx } from '@/lib/db';
import type { SnmpDevice, SnmpThreshold } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/http/errors';
import { raiseAlertInTx, snmpThresholdOpenKey } from '@/lib/alerts/raise-alert';
import { transitionInTx } from '@/lib/alerts/transition-alert';
import { SYSTEM_CONTEXT } from '@/lib/alerts/system-context';

const OPERATORS: Record<string, { test: (v: number, t: number) => boolean; symbol: string }> = {
  gt: { test: (v, t) => v > t, symbol: '>' },
  gte: { test: (v, t) => v >= t, symbol: '>=' },
  lt: { test: (v, t) => v < t, symbol: '<' },
  lte: { test: (v, t) => v <= t, symbol: '<=' },
  eq: { test: (v, t) => v === t, symbol: '=' },
  neq: { test: (v, t) => v !== t, symbol: '!=' },
};

export async function resolveThresholdAlert(tx: Tx, thresholdId: string, note: string): Promise<void> {
  const open = await tx.alert.findUnique({ where: { openKey: snmpThresholdOpenKey(thresholdId) }, select: { id: true } });
  if (!open) return;
  try {
    await transitionInTx(tx, open.id, 'resolve', { userId: null, ctx: SYSTEM_CONTEXT }, { note, audit: true });
  } catch (error) {
    if (!(error instanceof AppError && error.status === 409)) throw error;
  }
}

async function evaluateOne(tx: Tx, device: SnmpDevice, t: SnmpThreshold, value: number, name: string, unit: string | null, at: Date): Promise<void> {
  const op = OPERATORS[t.operator] ?? OPERATORS.gt;
  const breached = op.test(value, t.value);
  await tx.snmpThreshold.update({ where: { id: t.id }, data: { state: breached ? 'breached' : 'ok', lastValue: value, lastEvaluatedAt: at } });
  if (breached) {
    const label = t.name ?? name;
    await raiseAlertInTx(tx, {
      partnerId: device.partnerId,
      orgId: device.orgId,
      siteId: device.siteId,
      deviceId: null,
      ruleId: null,
      monitorId: null,
      openKey: snmpThresholdOpenKey(t.id),
      severity: t.severity,
      title: `${device.name}: ${label} ${op.symbol} ${t.value}`,
      message: `SNMP device ${device.name} (${device.host}): ${label} (${t.oid}) is ${value}${unit ? ` ${unit}` : ''}, threshold ${op.symbol} ${t.value}.`,
      source: 'snmp',
      context: { snmpDeviceId: device.id, snmpThresholdId: t.id, oid: t.oid, value, operator: t.operator, threshold: t.value },
    });
  } else if (t.state === 'breached') {
    await resolveThresholdAlert(tx, t.id, 'Back within the SNMP threshold');
  }
}

export async function evaluateSnmpThresholds(tx: Tx, device: SnmpDevice, values: { oid: string; name: string; unit: string | null; value: number | null }[], at: Date): Promise<void> {
  const thresholds = await tx.snmpThreshold.findMany({ where: { snmpDeviceId: device.id, enabled: true } });
  if (!thresholds.length) return;
  const byOid = new Map(values.map((v) => [v.oid, v]));
  for (const t of thresholds) {
    const v = byOid.get(t.oid);
    if (v && v.value !== null) await evaluateOne(tx, device, t, v.value, v.name, v.unit, at);
  }
}
