// Alerts for integration tests: seeded rows for state-machine tests (real evaluation is driven
// through the agent API in the evaluation tests).
import { randomUUID } from 'node:crypto';
import { db } from '@/lib/db';
import type { AlertSeverity, AlertStatus } from '@/lib/alerts/schemas';

export async function seedAlert(org: { id: string; partnerId: string }, overrides: { status?: AlertStatus; severity?: AlertSeverity; deviceId?: string | null; title?: string; triggeredAt?: Date } = {}) {
  const status = overrides.status ?? 'active';
  const terminal = status === 'resolved' || status === 'dismissed';
  const now = new Date();
  return db.alert.create({
    data: {
      partnerId: org.partnerId,
      orgId: org.id,
      deviceId: overrides.deviceId ?? null,
      openKey: terminal ? null : `seed:${randomUUID()}`,
      status,
      severity: overrides.severity ?? 'high',
      title: overrides.title ?? 'Seeded alert',
      message: 'Seeded for a test',
      source: 'rule',
      triggeredAt: overrides.triggeredAt ?? now,
      ...(status === 'acknowledged' ? { acknowledgedAt: now } : {}),
      ...(status === 'suppressed' ? { suppressedAt: now } : {}),
      ...(status === 'resolved' ? { resolvedAt: now } : {}),
      ...(status === 'dismissed' ? { dismissedAt: now } : {}),
    },
  });
}

export async function eventsOf(type: string, alertId: string) {
  const rows = await db.$queryRaw<{ n: number }[]>`select count(*)::int as n from events where type = ${type} and data->>'alertId' = ${alertId}`;
  return rows[0].n;
}
