// POST /patches/scan: a patch_scan command per device (deduplicated while one is pending). The
// agent patches Linux through apt or dnf; naming a device of another OS is a 422, and group
// members of other OSes are skipped.
import type { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import { resolveTargetDevices } from '@/lib/patches/resolve-target-devices';
import type { ZScanBody, ZScanResponse } from '@/lib/patches/schemas';

export async function queuePatchScan(ctx: ActorContext, body: z.output<typeof ZScanBody>) {
  return db.$transaction(async (tx) => {
    const { devices, failed, fromGroup } = await resolveTargetDevices(tx, ctx, body);
    const out: z.infer<typeof ZScanResponse> = { queued: [], skipped: [], failed };
    const other = devices.filter((d) => d.osType !== 'linux');
    if (other.length && !fromGroup) {
      throw new AppError(
        'UNSUPPORTED_OS',
        422,
        'Patch scans run on Linux devices (apt or dnf); Windows and macOS patching is not available through the agent',
        other.map((d) => ({ path: `body.deviceIds`, message: `${d.hostname} is ${d.osType ?? 'of unknown OS'}`, deviceId: d.id })),
      );
    }
    const eligible = [];
    for (const d of devices) {
      if (d.osType !== 'linux') out.skipped.push({ deviceId: d.id, reason: 'UNSUPPORTED_OS' });
      else if (!acceptsCommands(d)) out.skipped.push({ deviceId: d.id, reason: 'DEVICE_INACTIVE' });
      else eligible.push(d);
    }
    const created = await tx.deviceCommand.createManyAndReturn({
      data: eligible.map((d) => ({ partnerId: d.partnerId, orgId: d.orgId, deviceId: d.id, type: 'patch_scan', payload: {}, dedupeKey: 'patch_scan', source: 'user', createdById: ctx.userId })),
      skipDuplicates: true,
    });
    for (const d of eligible) {
      const c = created.find((x) => x.deviceId === d.id);
      if (c) out.queued.push({ deviceId: d.id, commandId: c.id });
      else out.skipped.push({ deviceId: d.id, reason: 'ALREADY_PENDING' });
    }
    return out;
  });
}
