// POST /devices/:id/commands. A refresh_inventory while another is still pending answers 409
// ALREADY_PENDING; the (device_id, dedupe_key) unique index makes that race-free.
import { db, type Tx } from '@/lib/db';
import type { Device, Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { AppError, conflict, forbidden } from '@/lib/http/errors';
import { writeAudit } from '@/lib/audit/write-audit';
import type { CommandInput } from '@/lib/devices/command-schemas';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { toCommandDto } from '@/lib/devices/to-command-dto';

export const DEDUPED_TYPES = new Set(['refresh_inventory']);

export function assertMayQueue(ctx: ActorContext, type: string): void {
  if (type === 'self_uninstall' && !ctx.permissions.has('devices:write')) {
    throw forbidden('Uninstalling an agent also needs devices:write');
  }
}

export function acceptsCommands(device: Pick<Device, 'status'>): boolean {
  return device.status !== 'uninstalled' && device.status !== 'decommissioned';
}

export function commandRow(device: Pick<Device, 'id' | 'partnerId' | 'orgId'>, input: CommandInput, source: string, createdById: string | null) {
  return {
    partnerId: device.partnerId,
    orgId: device.orgId,
    deviceId: device.id,
    type: input.type,
    payload: input.payload as Prisma.InputJsonValue,
    dedupeKey: DEDUPED_TYPES.has(input.type) ? input.type : null,
    source,
    createdById,
  };
}

/** Inserts commands, skipping (not failing on) duplicates of a pending deduplicated command. */
export async function insertCommands(tx: Tx, rows: ReturnType<typeof commandRow>[]) {
  return tx.deviceCommand.createManyAndReturn({ data: rows, skipDuplicates: true });
}

export async function createDeviceCommand(ctx: ActorContext, deviceId: string, input: CommandInput) {
  assertMayQueue(ctx, input.type);
  return db.$transaction(async (tx) => {
    const device = await getDeviceOrThrow(ctx, deviceId, tx);
    if (!acceptsCommands(device)) throw new AppError('DEVICE_INACTIVE', 409, `The device is ${device.status}: it takes no commands`);
    const [created] = await insertCommands(tx, [commandRow(device, input, 'user', ctx.userId)]);
    if (!created) throw conflict(`A ${input.type} command is already pending for this device`, 'ALREADY_PENDING');
    await writeAudit(ctx, { action: 'device.command', targetType: 'device', targetId: deviceId, partnerId: device.partnerId, orgId: device.orgId, details: { commandId: created.id, type: input.type } }, tx);
    return toCommandDto(created);
  });
}
