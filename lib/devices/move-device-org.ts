// POST /devices/:id/move-org: relocate a device to another organization of the same partner.
// Its groups belong to the old organization, so it leaves them (logged); its command history,
// inventory, software and patch state follow it.
import { z } from 'zod';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { emitEvent } from '@/lib/events/emit-event';
import { enqueueDeviceEvaluation } from '@/lib/policies/enqueue-device-evaluation';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { ZMoveDeviceOrg } from '@/lib/devices/schemas';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { toDeviceDto } from '@/lib/devices/to-device-dto';
import { reevaluateDeviceGroups, removeDeviceFromGroups } from '@/lib/device-groups/reevaluate-device-groups';

/**
 * The device's patch rows follow it (compliance and approvals are read per organization), and
 * the new organization gets a pending decision for each patch still open on the device, as a
 * scan there would have created: the old organization's approvals do not carry over.
 */
async function movePatchState(tx: Prisma.TransactionClient, deviceId: string, partnerId: string, orgId: string) {
  await tx.devicePatch.updateMany({ where: { deviceId }, data: { orgId } });
  await tx.devicePatchScan.updateMany({ where: { deviceId }, data: { orgId } });
  await tx.$executeRaw`
    insert into patch_approvals (id, partner_id, org_id, patch_id, updated_at)
    select gen_random_uuid(), ${partnerId}::uuid, ${orgId}::uuid, dp.patch_id, now()
    from device_patches dp
    where dp.device_id = ${deviceId}::uuid and dp.status in ('available', 'failed')
    on conflict (org_id, patch_id) do nothing`;
}

export async function moveDeviceOrg(ctx: ActorContext, id: string, input: z.output<typeof ZMoveDeviceOrg>) {
  return db.$transaction(async (tx) => {
    const device = await getDeviceOrThrow(ctx, id, tx);
    const target = await getOrganizationOrThrow(ctx, input.orgId, tx);
    if (target.partnerId !== device.partnerId) {
      throw badRequest('A device can only move to an organization of its own partner', [{ path: 'body.orgId', message: 'Belongs to another partner' }], 'CROSS_PARTNER_MOVE');
    }
    if (target.id === device.orgId) {
      throw badRequest('The device already belongs to that organization', [{ path: 'body.orgId', message: 'Same organization' }], 'SAME_ORGANIZATION');
    }
    let siteId: string | null = null;
    if (input.siteId) {
      const site = await tx.site.findFirst({ where: { id: input.siteId, orgId: target.id, deletedAt: null }, select: { id: true } });
      if (!site) throw badRequest('The site does not belong to the target organization', [{ path: 'body.siteId', message: 'Not a site of the organization' }], 'SITE_NOT_IN_ORG');
      siteId = site.id;
    }
    await removeDeviceFromGroups(tx, id, 'device_moved', ctx.userId);
    const moved = await tx.device.update({ where: { id }, data: { orgId: target.id, siteId } });
    await tx.deviceCommand.updateMany({ where: { deviceId: id }, data: { orgId: target.id } });
    await tx.deviceInventory.updateMany({ where: { deviceId: id }, data: { orgId: target.id } });
    await tx.deviceSoftware.updateMany({ where: { deviceId: id }, data: { orgId: target.id } });
    await movePatchState(tx, id, moved.partnerId, target.id);
    await reevaluateDeviceGroups(tx, id, { actorId: ctx.userId });
    // Policy state follows the device; which policies still apply is decided by the evaluation.
    await tx.devicePolicyResult.updateMany({ where: { deviceId: id }, data: { orgId: target.id } });
    await tx.devicePolicyCompliance.updateMany({ where: { deviceId: id }, data: { orgId: target.id } });
    // Vulnerability findings (and their decisions) follow the device too; tickets stay with the old organization.
    await tx.vulnerabilityFinding.updateMany({ where: { deviceId: id }, data: { orgId: target.id, ticketId: null } });
    await enqueueDeviceEvaluation(tx, moved.partnerId, id);
    const changes = [{ field: 'orgId', from: device.orgId, to: target.id }, { field: 'siteId', from: device.siteId, to: siteId }];
    await emitEvent(tx, { type: 'device.updated', partnerId: moved.partnerId, orgId: moved.orgId, data: { deviceId: id, hostname: moved.hostname, changes } });
    await writeAudit(ctx, { action: 'device.move_org', targetType: 'device', targetId: id, partnerId: moved.partnerId, orgId: moved.orgId, details: { from: device.orgId, to: target.id, siteId } }, tx);
    return toDeviceDto(moved);
  });
}
