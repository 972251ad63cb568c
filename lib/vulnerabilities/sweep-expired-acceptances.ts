// Accepted risk ends by itself: every few minutes the worker returns findings whose acceptance
// has expired to open (the acceptance fields are cleared; the audit log keeps the decision).
import { db } from '@/lib/db';

export async function sweepExpiredAcceptances(now = new Date()): Promise<number> {
  const rows = await db.$queryRaw<{ id: string; partner_id: string; org_id: string }[]>`
    update vulnerability_findings set status = 'open', accepted_reason = null, accepted_until = null, accepted_by = null, updated_at = now()
    where status = 'accepted' and accepted_until <= ${now}
    returning id, partner_id, org_id`;
  for (const orgId of new Set(rows.map((r) => r.org_id))) {
    const mine = rows.filter((r) => r.org_id === orgId);
    await db.auditLog.create({
      data: { actorType: 'system', actorId: null, actorEmail: null, partnerId: mine[0].partner_id, orgId, action: 'vulnerability.acceptance_expired', targetType: 'vulnerability_finding', targetId: mine.length === 1 ? mine[0].id : null, result: 'success', details: { findings: mine.length, findingIds: mine.slice(0, 100).map((r) => r.id) } },
    });
  }
  return rows.length;
}
