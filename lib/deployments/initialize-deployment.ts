// POST /deployments/:id/initialize: draft → ready. The targets (group members and saved-filter
// matches as they are now)
// become one row per device, in batches; devices the payload cannot apply to are `skipped` with
// the reason. Patches must be approved for every organization of the targeted devices.
import { db, type Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import type { Deployment, Prisma } from '@/lib/generated/prisma/client';
import { badRequest, conflict } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { deviceWhere } from '@/lib/devices/device-scope';
import { assertWindowTargets } from '@/lib/maintenance/assert-window-targets';
import { effectiveState } from '@/lib/patches/approval-transitions';
import { MAX_DEVICES_PER_DEPLOYMENT, type TDeployment } from '@/lib/deployments/schemas';
import { assertDeploymentWritable } from '@/lib/deployments/deployment-scope';
import { lockDeployment } from '@/lib/deployments/lock-deployment';
import { assertDeploymentTransition } from '@/lib/deployments/transitions';
import { skipReason, validatePayload, type ResolvedPayload } from '@/lib/deployments/validate-payload';
import { deploymentDto } from '@/lib/deployments/to-deployment-dto';
import { assignBatches } from '@/lib/deployments/assign-batches';
import { filterTargetDeviceIds } from '@/lib/deployments/filter-targets';

export async function initializeDeployment(ctx: ActorContext, id: string): Promise<TDeployment> {
  return db.$transaction((tx) => initializeIn(tx, ctx, id), { timeout: 60_000 });
}

export async function initializeIn(tx: Tx, ctx: ActorContext, id: string): Promise<TDeployment> {
  const current = await lockDeployment(tx, ctx, id);
  assertDeploymentWritable(ctx, current);
  assertDeploymentTransition(current.status, 'initialize');
  const targets = { orgIds: current.targetOrgIds, siteIds: current.targetSiteIds, groupIds: current.targetGroupIds, deviceIds: current.targetDeviceIds };
  await assertWindowTargets(tx, ctx, current, targets);
  const resolved = await validatePayload(tx, ctx, current.kind, current.payload);
  const devices = await targetDevices(tx, ctx, current);
  if (devices.length === 0) throw conflict('The targets contain no device', 'NO_TARGET_DEVICES', { status: current.status, action: 'initialize' });
  if (devices.length > MAX_DEVICES_PER_DEPLOYMENT) {
    throw badRequest(`The targets contain ${devices.length} devices; a deployment reaches at most ${MAX_DEVICES_PER_DEPLOYMENT}`, [{ path: 'targets', message: 'Too many devices' }], 'TOO_MANY_DEVICES');
  }
  await assertPatchesApproved(tx, resolved, devices);
  const missing = resolved.kind === 'patches' ? await devicesWithoutPatches(tx, resolved.patchIds, devices.map((d) => d.id)) : new Set<string>();
  const reasons = new Map(devices.map((d) => [d.id, skipReason(resolved, d) ?? (missing.has(d.id) ? 'None of the patches is missing on this device' : null)]));
  const applicable = devices.filter((d) => !reasons.get(d.id));
  const { batchOf, totalBatches } = assignBatches(applicable.map((d) => d.id), current);
  const now = new Date();
  const rows: Prisma.DeploymentDeviceCreateManyInput[] = devices.map((d) => {
    const reason = reasons.get(d.id);
    return {
      deploymentId: id,
      partnerId: d.partnerId,
      orgId: d.orgId,
      deviceId: d.id,
      hostname: d.hostname,
      batch: reason ? 1 : batchOf.get(d.id)!,
      status: reason ? 'skipped' : 'pending',
      error: reason ?? null,
      completedAt: reason ? now : null,
    };
  });
  await tx.deploymentDevice.deleteMany({ where: { deploymentId: id } });
  await tx.deploymentDevice.createMany({ data: rows });
  const updated = await tx.deployment.update({ where: { id }, data: { status: 'ready', totalBatches, currentBatch: 0 } });
  await writeAudit(
    ctx,
    { action: 'deployment.initialize', targetType: 'deployment', targetId: id, partnerId: updated.partnerId, orgId: updated.orgId, details: { devices: rows.length, skipped: rows.length - applicable.length, totalBatches } },
    tx,
  );
  return deploymentDto(ctx, tx, updated);
}

type TargetDevice = Awaited<ReturnType<typeof targetDevices>>[number];

async function targetDevices(tx: Tx, ctx: ActorContext, d: Deployment) {
  const filtered = await filterTargetDeviceIds(tx, ctx, d);
  const targeted: Prisma.DeviceWhereInput[] = [
    ...(filtered.length ? [{ id: { in: filtered } }] : []),
    ...(d.targetOrgIds.length ? [{ orgId: { in: d.targetOrgIds } }] : []),
    ...(d.targetSiteIds.length ? [{ siteId: { in: d.targetSiteIds } }] : []),
    ...(d.targetGroupIds.length ? [{ memberships: { some: { groupId: { in: d.targetGroupIds } } } }] : []),
    ...(d.targetDeviceIds.length ? [{ id: { in: d.targetDeviceIds } }] : []),
  ];
  if (targeted.length === 0) return [];
  return tx.device.findMany({
    where: { AND: [deviceWhere(ctx), d.orgId ? { orgId: d.orgId } : { partnerId: d.partnerId }, { OR: targeted }] },
    select: { id: true, partnerId: true, orgId: true, osType: true, hostname: true },
    orderBy: [{ hostname: 'asc' }, { id: 'asc' }],
    take: MAX_DEVICES_PER_DEPLOYMENT + 1,
  });
}

async function assertPatchesApproved(tx: Tx, resolved: ResolvedPayload, devices: TargetDevice[]): Promise<void> {
  if (resolved.kind !== 'patches') return;
  const orgIds = [...new Set(devices.filter((d) => d.osType === 'linux').map((d) => d.orgId))];
  const approvals = await tx.patchApproval.findMany({ where: { orgId: { in: orgIds }, patchId: { in: resolved.patchIds } } });
  const now = new Date();
  const approved = new Set(approvals.filter((a) => effectiveState(a, now).status === 'approved').map((a) => `${a.orgId}:${a.patchId}`));
  const issues = orgIds.flatMap((o) => resolved.patchIds.filter((p) => !approved.has(`${o}:${p}`)).map((p) => ({ path: 'body.payload.patchIds', message: `Patch ${p} is not approved for organization ${o}`, patchId: p, orgId: o })));
  if (issues.length) throw badRequest('Every patch must be approved for the organizations of the targeted devices', issues.slice(0, 50), 'PATCH_NOT_APPROVED');
}

/** Devices on which none of the patches is available (or failed before). */
async function devicesWithoutPatches(tx: Tx, patchIds: string[], deviceIds: string[]): Promise<Set<string>> {
  const rows = await tx.devicePatch.findMany({ where: { deviceId: { in: deviceIds }, patchId: { in: patchIds }, status: { in: ['available', 'failed'] } }, select: { deviceId: true }, distinct: ['deviceId'] });
  const have = new Set(rows.map((r) => r.deviceId));
  return new Set(deviceIds.filter((id) => !have.has(id)));
}
