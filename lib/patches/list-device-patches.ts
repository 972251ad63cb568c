// GET /patches/devices (and the devices of GET /patches/:id): one row per patch per device.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { DevicePatch, Patch, Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { effectiveState } from '@/lib/patches/approval-transitions';
import { approvalWhere, devicePatchWhere } from '@/lib/patches/patch-scope';
import type { TDevicePatch, ZListDevicePatchesQuery } from '@/lib/patches/schemas';
import { approvalStatusWhere } from '@/lib/patches/to-patch-dto';

export async function toDevicePatchDtos(ctx: ScopedContext, rows: (DevicePatch & { patch: Patch })[]): Promise<TDevicePatch[]> {
  if (rows.length === 0) return [];
  const [devices, approvals] = await Promise.all([
    db.device.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.deviceId))] } }, select: { id: true, hostname: true } }),
    db.patchApproval.findMany({ where: { ...approvalWhere(ctx), patchId: { in: [...new Set(rows.map((r) => r.patchId))] } } }),
  ]);
  const now = new Date();
  return rows.map((r) => {
    const a = approvals.find((x) => x.orgId === r.orgId && x.patchId === r.patchId);
    return {
      id: r.id,
      deviceId: r.deviceId,
      hostname: devices.find((d) => d.id === r.deviceId)?.hostname ?? '',
      orgId: r.orgId,
      patchId: r.patchId,
      name: r.patch.name,
      version: r.patch.version,
      severity: r.patch.severity,
      source: r.patch.source,
      status: r.status,
      installedVersion: r.installedVersion,
      approvalStatus: a ? effectiveState(a, now).status : 'pending',
      lastError: r.lastError,
      detectedAt: r.detectedAt.toISOString(),
      installedAt: r.installedAt?.toISOString() ?? null,
    };
  });
}

export async function listDevicePatches(ctx: ScopedContext, query: z.output<typeof ZListDevicePatchesQuery>) {
  const where: Prisma.DevicePatchWhereInput = {
    AND: [
      devicePatchWhere(ctx),
      query.orgId ? { orgId: query.orgId } : {},
      query.deviceId ? { deviceId: query.deviceId } : {},
      query.status ? { status: query.status } : { status: { not: 'superseded' } },
      query.severity ? { patch: { severity: { in: query.severity } } } : {},
      query.approval ? { patch: { approvals: { some: { AND: [approvalWhere(ctx), approvalStatusWhere(query.approval)] } } } } : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.devicePatch.findMany({ where, include: { patch: true }, orderBy: [{ deviceId: 'asc' }, { patch: { severity: 'asc' } }, { patch: { name: 'asc' } }, { id: 'asc' }], ...pageArgs(query) }),
    db.devicePatch.count({ where }),
  ]);
  return pageResult(await toDevicePatchDtos(ctx, rows), query, total);
}
