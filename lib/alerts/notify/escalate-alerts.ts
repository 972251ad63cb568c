// Escalation (worker sweep, every minute): an alert still `active` (nobody acknowledged it)
// longer than a matching policy's escalateAfterMinutes is escalated once — a compare-and-set on
// escalatedAt — with alert.escalated and that policy's escalation channels and users.
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { emitEvent } from '@/lib/events/emit-event';
import { writeAudit } from '@/lib/audit/write-audit';
import { alertEventData } from '@/lib/alerts/alert-event-data';
import { SYSTEM_CONTEXT } from '@/lib/alerts/system-context';
import { queueAlertNotifications } from '@/lib/alerts/notify/queue-alert-notifications';

const BATCH = 500;

export async function escalateAlerts(): Promise<number> {
  const policies = await db.alertPolicy.findMany({ where: { enabled: true, escalateAfterMinutes: { not: null } }, orderBy: { escalateAfterMinutes: 'asc' } });
  let escalated = 0;
  for (const policy of policies) {
    const where: Prisma.AlertWhereInput = {
      partnerId: policy.partnerId,
      ...(policy.orgId ? { orgId: policy.orgId } : {}),
      status: 'active',
      escalatedAt: null,
      triggeredAt: { lt: new Date(Date.now() - policy.escalateAfterMinutes! * 60_000) },
      ...(policy.severities.length ? { severity: { in: policy.severities } } : {}),
      ...(policy.ruleIds.length ? { ruleId: { in: policy.ruleIds } } : {}),
    };
    const due = await db.alert.findMany({ where, select: { id: true }, orderBy: { triggeredAt: 'asc' }, take: BATCH });
    for (const { id } of due) {
      const done = await db.$transaction(async (tx) => {
        const moved = await tx.alert.updateMany({ where: { id, status: 'active', escalatedAt: null }, data: { escalatedAt: new Date() } });
        if (moved.count === 0) return false;
        const alert = await tx.alert.findUniqueOrThrow({ where: { id } });
        await emitEvent(tx, { type: 'alert.escalated', partnerId: alert.partnerId, orgId: alert.orgId, data: alertEventData(alert, { policyId: policy.id, escalateAfterMinutes: policy.escalateAfterMinutes }) });
        await writeAudit(SYSTEM_CONTEXT, { action: 'alert.escalate', targetType: 'alert', targetId: id, partnerId: alert.partnerId, orgId: alert.orgId, details: { policyId: policy.id }, actor: { type: 'system', id: null, email: null } }, tx);
        await queueAlertNotifications(tx, alert, 'escalated', [policy]);
        return true;
      });
      if (done) escalated += 1;
    }
  }
  return escalated;
}
