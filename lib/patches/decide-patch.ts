// POST /patches/:id/approve | decline | defer and POST /patches/bulk-approve: an organization's
// decision on a patch (lib/patches/approval-transitions.ts). Without orgIds the decision covers
// every organization in scope with a device that has the patch. `patch.approved` fires for
// each organization whose approval changed to approved.
import { db, type Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError, badRequest, notFound } from '@/lib/http/errors';
import { emitEvents } from '@/lib/events/emit-event';
import { decide, type Decision } from '@/lib/patches/approval-transitions';
import { devicePatchWhere } from '@/lib/patches/patch-scope';
import { getPatchOrThrow } from '@/lib/patches/get-patch';
import { toApprovalDto } from '@/lib/patches/to-patch-dto';

export interface DecisionTargets {
  orgIds?: string[];
  note?: string;
}

export async function decideInTx(tx: Tx, ctx: ActorContext, patchId: string, decision: Decision, targets: DecisionTargets) {
  const patch = await getPatchOrThrow(ctx, patchId, tx);
  const withPatch = new Set((await tx.devicePatch.findMany({ where: { ...devicePatchWhere(ctx), patchId }, select: { orgId: true, partnerId: true }, distinct: ['orgId'] })).map((r) => `${r.orgId}/${r.partnerId}`));
  const orgs = [...withPatch].map((k) => ({ orgId: k.split('/')[0], partnerId: k.split('/')[1] }));
  const missing = (targets.orgIds ?? []).filter((id) => !orgs.some((o) => o.orgId === id));
  if (missing.length) throw notFound('Organization with this patch');
  const chosen = targets.orgIds ? orgs.filter((o) => targets.orgIds!.includes(o.orgId)) : orgs;

  await tx.patchApproval.createMany({ data: chosen.map((o) => ({ ...o, patchId })), skipDuplicates: true });
  const rows = await tx.patchApproval.findMany({ where: { patchId, orgId: { in: chosen.map((o) => o.orgId) } }, orderBy: { orgId: 'asc' } });
  const now = new Date();
  const changedRows: typeof rows = [];
  for (const row of rows) {
    const t = decide({ status: row.status, deferUntil: row.deferUntil }, decision, now);
    if (!t.ok) throw t.code === 'INVALID_DEFER_DATE' ? badRequest(t.message, [{ path: 'body.until', message: t.message }], t.code) : new AppError(t.code, 409, t.message, { orgId: row.orgId });
    if (!t.changed) continue;
    changedRows.push(
      await tx.patchApproval.update({ where: { id: row.id }, data: { status: t.next.status, deferUntil: t.next.deferUntil, note: targets.note ?? null, decidedBy: ctx.userId, decidedAt: now } }),
    );
  }
  if (decision.action === 'approve') {
    await emitEvents(
      tx,
      changedRows.map((a) => ({
        type: 'patch.approved' as const,
        partnerId: a.partnerId,
        orgId: a.orgId,
        data: { patchId, source: patch.source, name: patch.name, version: patch.version, severity: patch.severity, cveIds: patch.cveIds, approvedBy: ctx.userId },
      })),
    );
  }
  const after = await tx.patchApproval.findMany({ where: { patchId, orgId: { in: chosen.map((o) => o.orgId) } }, orderBy: { orgId: 'asc' } });
  return { patchId, approvals: after.map((a) => toApprovalDto(a, now)), changed: changedRows.length };
}

export function decidePatch(ctx: ActorContext, patchId: string, decision: Decision, targets: DecisionTargets) {
  return db.$transaction((tx) => decideInTx(tx, ctx, patchId, decision, targets));
}
