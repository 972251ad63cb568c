// POST /software/inventory/:deviceId/:softwareId/uninstall: queues an uninstall_software command.
// The agent removes the package with the machine's package manager, reports the outcome as the
// command result and uploads a fresh inventory. A second uninstall of the same package while one
// is still pending answers 409 ALREADY_PENDING (the command dedupe key).
import { createHash } from 'node:crypto';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { AppError, conflict, notFound } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { toCommandDto } from '@/lib/devices/to-command-dto';
import { uninstallSupported } from '@/lib/software/uninstall-support';
import { toSoftwareItem } from '@/lib/software/list-device-software';
import type { z } from 'zod';
import type { ZUninstallSoftwarePayload } from '@/lib/software/schemas';

/** 32 characters (the column's size): the package name hashed, so long names still dedupe. */
export const uninstallDedupeKey = (name: string) => `rm:${createHash('sha256').update(name).digest('hex').slice(0, 29)}`;

export async function uninstallDeviceSoftware(ctx: ActorContext, deviceId: string, softwareId: string) {
  return db.$transaction(async (tx) => {
    const device = await getDeviceOrThrow(ctx, deviceId, tx);
    const software = await tx.deviceSoftware.findFirst({ where: { id: softwareId, deviceId: device.id } });
    if (!software) throw notFound('Software');
    if (!uninstallSupported(device.osType)) {
      throw new AppError('UNINSTALL_NOT_SUPPORTED', 422, `Uninstalling software is not supported on ${device.osType ?? 'this device'}'s operating system: only Linux agents can remove packages`);
    }
    if (!acceptsCommands(device)) throw new AppError('DEVICE_INACTIVE', 409, `The device is ${device.status}: it takes no commands`);
    const payload: z.infer<typeof ZUninstallSoftwarePayload> = { softwareId: software.id, name: software.name, version: software.version, source: software.source };
    const [created] = await tx.deviceCommand.createManyAndReturn({
      skipDuplicates: true,
      data: {
        partnerId: device.partnerId,
        orgId: device.orgId,
        deviceId: device.id,
        type: 'uninstall_software',
        payload: payload as Prisma.InputJsonValue,
        dedupeKey: uninstallDedupeKey(software.name),
        source: 'user',
        createdById: ctx.userId,
      },
    });
    if (!created) throw conflict(`An uninstall of ${software.name} is already pending for this device`, 'ALREADY_PENDING');
    await writeAudit(ctx, {
      action: 'software.uninstall',
      targetType: 'device',
      targetId: device.id,
      partnerId: device.partnerId,
      orgId: device.orgId,
      details: { commandId: created.id, softwareId: software.id, name: software.name, version: software.version },
    }, tx);
    return { command: toCommandDto(created), software: toSoftwareItem(software) };
  });
}
