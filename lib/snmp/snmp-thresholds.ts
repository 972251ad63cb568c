// Thresholds per SNMP device and OID. The device's scope is the threshold's: a threshold of a
// device outside the caller's scope is not found.
import type { z } from 'zod';
import type { ActorContext, ScopedContext } from '@/lib/auth/context';
import { db } from '@/lib/db';
import type { SnmpThreshold } from '@/lib/generated/prisma/client';
import { notFound } from '@/lib/http/errors';
import { tenantWhere } from '@/lib/tenancy/scope';
import type { ZCreateSnmpThreshold, ZUpdateSnmpThreshold } from '@/lib/snmp/schemas';
import { getSnmpDeviceOrThrow } from '@/lib/snmp/get-snmp-device-or-throw';
import { resolveThresholdAlert } from '@/lib/snmp/evaluate-snmp-thresholds';

export function toThresholdDto(t: SnmpThreshold) {
  return {
    id: t.id,
    deviceId: t.snmpDeviceId,
    oid: t.oid,
    name: t.name,
    operator: t.operator as 'gt',
    value: t.value,
    severity: t.severity,
    enabled: t.enabled,
    state: (t.state === 'ok' || t.state === 'breached' ? t.state : 'unknown') as 'ok' | 'breached' | 'unknown',
    lastValue: t.lastValue,
    lastEvaluatedAt: t.lastEvaluatedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export async function listSnmpThresholds(ctx: ScopedContext, deviceId: string) {
  const device = await getSnmpDeviceOrThrow(ctx, deviceId);
  const rows = await db.snmpThreshold.findMany({ where: { snmpDeviceId: device.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return { data: rows.map(toThresholdDto) };
}

export async function createSnmpThreshold(ctx: ActorContext, input: z.output<typeof ZCreateSnmpThreshold>) {
  const device = await getSnmpDeviceOrThrow(ctx, input.deviceId);
  const t = await db.snmpThreshold.create({
    data: { partnerId: device.partnerId, orgId: device.orgId, snmpDeviceId: device.id, oid: input.oid, name: input.name, operator: input.operator, value: input.value, severity: input.severity, enabled: input.enabled, createdBy: ctx.userId },
  });
  return toThresholdDto(t);
}

async function getThresholdOrThrow(ctx: ScopedContext, id: string) {
  const t = await db.snmpThreshold.findFirst({ where: { id, ...tenantWhere(ctx) } });
  if (!t) throw notFound('SNMP threshold');
  return t;
}

/** A change of bound or operator is judged again on the next poll; disabling resolves the open alert. */
export async function updateSnmpThreshold(ctx: ScopedContext, id: string, input: z.output<typeof ZUpdateSnmpThreshold>) {
  const t = await getThresholdOrThrow(ctx, id);
  return db.$transaction(async (tx) => {
    if (input.enabled === false) await resolveThresholdAlert(tx, t.id, 'SNMP threshold disabled');
    const updated = await tx.snmpThreshold.update({ where: { id: t.id }, data: { ...input, ...(input.enabled === false ? { state: 'unknown' } : {}) } });
    return toThresholdDto(updated);
  });
}

export async function deleteSnmpThreshold(ctx: ScopedContext, id: string): Promise<void> {
  const t = await getThresholdOrThrow(ctx, id);
  await db.$transaction(async (tx) => {
    await resolveThresholdAlert(tx, t.id, 'SNMP threshold deleted');
    await tx.snmpThreshold.delete({ where: { id: t.id } });
  });
}
