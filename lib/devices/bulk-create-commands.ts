// POST /devices/bulk/commands: one command to many devices with per-device outcomes — queued
// (commands), not applicable (skipped) or not addressable (failed). Partial success is success.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { writeAudit } from '@/lib/audit/write-audit';
import type { ZBulkCommandInput, ZBulkCommandResponse } from '@/lib/devices/command-schemas';
import { deviceWhere } from '@/lib/devices/device-scope';
import { toCommandDto } from '@/lib/devices/to-command-dto';
import { acceptsCommands, assertMayQueue, commandRow, insertCommands } from '@/lib/devices/create-device-command';

type BulkResult = z.infer<typeof ZBulkCommandResponse>;

export async function bulkCreateCommands(ctx: ActorContext, input: z.output<typeof ZBulkCommandInput>): Promise<BulkResult> {
  assertMayQueue(ctx, input.type);
  const { deviceIds, ...command } = input;
  const ids = [...new Set(deviceIds)];
  return db.$transaction(async (tx) => {
    const devices = await tx.device.findMany({ where: { AND: [{ id: { in: ids } }, deviceWhere(ctx)] }, select: { id: true, partnerId: true, orgId: true, status: true } });
    const byId = new Map(devices.map((d) => [d.id, d]));
    const failed: BulkResult['failed'] = [];
    const skipped: BulkResult['skipped'] = [];
    const eligible = [];
    for (const id of ids) {
      const device = byId.get(id);
      if (!device) failed.push({ deviceId: id, code: 'NOT_FOUND', message: 'Device not found' });
      else if (!acceptsCommands(device)) skipped.push({ deviceId: id, reason: 'DEVICE_INACTIVE' });
      else eligible.push(device);
    }
    const created = eligible.length ? await insertCommands(tx, eligible.map((d) => commandRow(d, command as never, 'bulk', ctx.userId))) : [];
    const queued = new Set(created.map((c) => c.deviceId));
    for (const d of eligible) if (!queued.has(d.id)) skipped.push({ deviceId: d.id, reason: 'ALREADY_PENDING' });
    await writeAudit(ctx, {
      action: 'device.bulk_command',
      targetType: 'device',
      targetId: null,
      details: { type: input.type, queued: created.length, skipped: skipped.length, failed: failed.length },
    }, tx);
    return { commands: created.map(toCommandDto), skipped, failed };
  });
}
