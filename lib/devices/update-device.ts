// PATCH /devices/:id: display name, tags and site (within the device's organization).
import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { emitEvent } from '@/lib/events/emit-event';
import { enqueueDeviceEvaluation } from '@/lib/policies/enqueue-device-evaluation';
import { ZUpdateDevice } from '@/lib/devices/schemas';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { toDeviceDto } from '@/lib/devices/to-device-dto';
import { reevaluateDeviceGroups } from '@/lib/device-groups/reevaluate-device-groups';

export async function updateDevice(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateDevice>) {
  if (Object.keys(input).length === 0) throw badRequest('Provide at least one field to update');
  return db.$transaction(async (tx) => {
    const current = await getDeviceOrThrow(ctx, id, tx);
    if (input.siteId) {
      const site = await tx.site.findFirst({ where: { id: input.siteId, orgId: current.orgId, deletedAt: null }, select: { id: true } });
      if (!site) throw badRequest('The site does not belong to the device’s organization', [{ path: 'body.siteId', message: 'Not a site of the organization' }], 'SITE_NOT_IN_ORG');
    }
    const updated = await tx.device.update({
      where: { id },
      data: {
        ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
        ...(input.tags !== undefined ? { tags: input.tags } : {}),
        ...(input.siteId !== undefined ? { siteId: input.siteId } : {}),
      },
    });
    const changes = (Object.keys(input) as (keyof typeof input)[])
      .map((field) => ({ field, from: current[field] ?? null, to: updated[field] ?? null }))
      .filter((c) => JSON.stringify(c.from) !== JSON.stringify(c.to));
    if (changes.length > 0) {
      await emitEvent(tx, { type: 'device.updated', partnerId: updated.partnerId, orgId: updated.orgId, data: { deviceId: id, hostname: updated.hostname, changes } });
      if (input.tags !== undefined || input.siteId !== undefined) await reevaluateDeviceGroups(tx, id, { actorId: ctx.userId });
      // Site and group assignments of policies may now reach the device differently.
      if (input.tags !== undefined || input.siteId !== undefined) await enqueueDeviceEvaluation(tx, updated.partnerId, id);
    }
    await writeAudit(ctx, { action: 'device.update', targetType: 'device', targetId: id, partnerId: updated.partnerId, orgId: updated.orgId, details: { changes } }, tx);
    return toDeviceDto(updated);
  });
}
