import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { notFound } from '@/lib/http/errors';
import { pageArgs, pageResult } from '@/lib/http/pagination';
import { ZListCommandsQuery } from '@/lib/devices/command-schemas';
import { getDeviceOrThrow } from '@/lib/devices/get-device-or-throw';
import { toCommandDto } from '@/lib/devices/to-command-dto';

export async function listDeviceCommands(ctx: ActorContext, deviceId: string, query: z.output<typeof ZListCommandsQuery>) {
  await getDeviceOrThrow(ctx, deviceId, db, { includeDecommissioned: true });
  const where = { deviceId, ...(query.status ? { status: query.status } : {}), ...(query.type ? { type: query.type } : {}) };
  const [rows, total] = await Promise.all([
    db.deviceCommand.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageArgs(query) }),
    db.deviceCommand.count({ where }),
  ]);
  return pageResult(rows.map(toCommandDto), query, total);
}

export async function getDeviceCommand(ctx: ActorContext, deviceId: string, commandId: string) {
  await getDeviceOrThrow(ctx, deviceId, db, { includeDecommissioned: true });
  const command = await db.deviceCommand.findFirst({ where: { id: commandId, deviceId } });
  if (!command) throw notFound('Command');
  return toCommandDto(command);
}
