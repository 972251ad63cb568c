// Patches as callers see them: the catalogue row plus the approvals and device counts of the
// caller's scope (narrowed to one organization or device when the query names one).
import { db } from '@/lib/db';
import type { Patch, PatchApproval, Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { effectiveState } from '@/lib/patches/approval-transitions';
import { approvalWhere, devicePatchWhere } from '@/lib/patches/patch-scope';
import type { ApprovalStatus, TPatch } from '@/lib/patches/schemas';

export function toApprovalDto(a: PatchApproval, now = new Date()) {
  const s = effectiveState({ status: a.status, deferUntil: a.deferUntil }, now);
  return { orgId: a.orgId, status: s.status, deferUntil: s.deferUntil?.toISOString() ?? null, note: a.note, decidedBy: a.decidedBy, decidedByPolicyId: a.decidedByPolicyId, decidedAt: a.decidedAt?.toISOString() ?? null };
}

/** Prisma predicate for an effective approval state (an expired deferral is pending). */
export function approvalStatusWhere(status: ApprovalStatus, now = new Date()): Prisma.PatchApprovalWhereInput {
  if (status === 'pending') return { OR: [{ status: 'pending' }, { status: 'deferred', deferUntil: { lte: now } }] };
  if (status === 'deferred') return { status: 'deferred', deferUntil: { gt: now } };
  return { status };
}

export interface Narrowing {
  orgId?: string;
  deviceId?: string;
}

export async function decoratePatches(ctx: ScopedContext, patches: Patch[], narrow: Narrowing = {}): Promise<TPatch[]> {
  if (patches.length === 0) return [];
  const ids = patches.map((p) => p.id);
  const deviceFilter: Prisma.DevicePatchWhereInput = { AND: [devicePatchWhere(ctx), { patchId: { in: ids } }, narrow.orgId ? { orgId: narrow.orgId } : {}, narrow.deviceId ? { deviceId: narrow.deviceId } : {}] };
  const [approvals, counts, orgsWithDevices] = await Promise.all([
    db.patchApproval.findMany({ where: { AND: [approvalWhere(ctx), { patchId: { in: ids } }, narrow.orgId ? { orgId: narrow.orgId } : {}] }, orderBy: { orgId: 'asc' } }),
    db.devicePatch.groupBy({ by: ['patchId', 'status'], where: deviceFilter, _count: { _all: true } }),
    narrow.deviceId ? db.devicePatch.findMany({ where: deviceFilter, select: { patchId: true, orgId: true } }) : Promise.resolve(null),
  ]);
  const now = new Date();
  return patches.map((p) => {
    let mine = approvals.filter((a) => a.patchId === p.id);
    if (orgsWithDevices) mine = mine.filter((a) => orgsWithDevices.some((d) => d.patchId === p.id && d.orgId === a.orgId));
    const dtos = mine.map((a) => toApprovalDto(a, now));
    const states = new Set(dtos.map((a) => a.status));
    const count = (s: string) => counts.find((c) => c.patchId === p.id && c.status === s)?._count._all ?? 0;
    return {
      id: p.id,
      source: p.source,
      name: p.name,
      title: p.title,
      version: p.version,
      vendor: p.vendor,
      description: p.description,
      severity: p.severity,
      cveIds: p.cveIds,
      origin: p.origin,
      releasedAt: p.releasedAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
      approvalStatus: states.size === 1 ? [...states][0] : states.size === 0 ? 'pending' : 'mixed',
      approvals: dtos,
      deviceCounts: { available: count('available'), installing: count('installing'), installed: count('installed'), failed: count('failed'), rolledBack: count('rolled_back') },
    };
  });
}
