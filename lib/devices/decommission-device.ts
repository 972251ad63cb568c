// DELETE /devices/:id: decommission. The row stays for history (visible with
// includeDecommissioned), its agent credential is severed and queued commands are cancelled.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import { emitEvent } from '@/lib/events/emit-event';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { removeDeviceFromGroups } from '@/lib/device-groups/reevaluate-device-groups';

export async function decommissionDevice(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const device = await getDeviceOrThrow(ctx, id, tx);
    const now = new Date();
    await tx.device.update({
      where: { id },
      data: { status: 'decommissioned', decommissionedAt: now, ...(device.agentId && !device.agentRevokedAt ? { agentRevokedAt: now } : {}) },
    });
    await tx.deviceCommand.updateMany({ where: { deviceId: id, status: 'pending' }, data: { status: 'cancelled', dedupeKey: null } });
    // A provisioned device's unused single-use key must not enroll anything any more.
    await tx.enrollmentKey.updateMany({ where: { deviceId: id, deletedAt: null }, data: { deletedAt: now } });
    await removeDeviceFromGroups(tx, id, 'device_decommissioned', ctx.userId);
    await emitEvent(tx, { type: 'device.decommissioned', partnerId: device.partnerId, orgId: device.orgId, data: { deviceId: id, hostname: device.hostname, orgId: device.orgId } });
    await writeAudit(ctx, { action: 'device.decommission', targetType: 'device', targetId: id, partnerId: device.partnerId, orgId: device.orgId, details: { hostname: device.hostname } }, tx);
  });
}
