// accept-risk, mitigate and reopen, for one finding (POST /vulnerabilities/:id/…) or a selection
// (POST /vulnerabilities/bulk/…). Accepting needs a reason and an end date: once past it, the
// worker's sweep reopens the finding. Mitigating records a note (compensating control) and keeps
// the finding out of the open counts. Reopening returns an accepted or mitigated finding to open.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { FindingSelection } from './schemas';
import { selectFindings } from './select-findings';
import { loadFindings } from './load-findings';
import { Prisma } from '@/lib/generated/prisma/client';
import { findingScopeSql } from './finding-scope-sql';

export type FindingChange = { kind: 'accept'; reason: string; expiresAt: string } | { kind: 'mitigate'; note: string } | { kind: 'reopen' };

function dataOf(ctx: ActorContext, change: FindingChange) {
  if (change.kind === 'accept') return { status: 'accepted' as const, acceptedReason: change.reason, acceptedUntil: new Date(change.expiresAt), acceptedBy: ctx.userId, mitigationNote: null, mitigatedBy: null };
  if (change.kind === 'mitigate') return { status: 'mitigated' as const, mitigationNote: change.note, mitigatedBy: ctx.userId, acceptedReason: null, acceptedUntil: null, acceptedBy: null };
  return { status: 'open' as const, acceptedReason: null, acceptedUntil: null, acceptedBy: null, mitigationNote: null, mitigatedBy: null };
}

const ACTION = { accept: 'vulnerability.accept_risk', mitigate: 'vulnerability.mitigate', reopen: 'vulnerability.reopen' } as const;

export async function changeFindings(ctx: ActorContext, sel: FindingSelection, change: FindingChange) {
  return db.$transaction(async (tx) => {
    const statuses = change.kind === 'reopen' ? ['accepted', 'mitigated'] : undefined;
    const found = await selectFindings(ctx, sel, { statuses, lock: tx });
    if (found.length) await tx.vulnerabilityFinding.updateMany({ where: { id: { in: found.map((f) => f.id) } }, data: dataOf(ctx, change) });
    for (const orgId of new Set(found.map((f) => f.org_id))) {
      const ids = found.filter((f) => f.org_id === orgId).map((f) => f.id);
      await writeAudit(ctx, { action: ACTION[change.kind], targetType: 'vulnerability_finding', targetId: ids.length === 1 ? ids[0] : null, orgId, details: { findings: ids.length, findingIds: ids.slice(0, 100), ...(change.kind === 'accept' ? { reason: change.reason, expiresAt: change.expiresAt } : {}), ...(change.kind === 'mitigate' ? { note: change.note } : {}) } }, tx);
    }
    return { updated: found.length, findingIds: found.map((f) => f.id) };
  });
}

/** One finding by id: 404 outside the scope or resolved; reopen of an open finding is 409. */
export async function changeFinding(ctx: ActorContext, id: string, change: FindingChange) {
  const where = Prisma.sql`${findingScopeSql(ctx, {})} and f.id = ${id}::uuid`;
  const before = (await loadFindings(where, { limit: 1, offset: 0 })).data[0];
  if (!before || before.status === 'resolved') throw notFound('Finding');
  if (change.kind === 'reopen' && before.status === 'open') throw conflict('The finding is already open', 'FINDING_ALREADY_OPEN');
  const out = await changeFindings(ctx, { findingIds: [id] }, change);
  if (out.updated === 0) throw conflict('The finding changed meanwhile', 'FINDING_CHANGED');
  return (await loadFindings(where, { limit: 1, offset: 0 })).data[0];
}
