// Checks of create and edit input that need the database or the stored row: the test device
// exists and takes commands; update sources stay on listed platforms.
import type { Tx } from '@/lib/db';
import { badRequest, conflict } from '@/lib/http/errors';
import { acceptsCommands } from '@/lib/devices/create-device-command';
import type { UpdateSource } from '@/lib/third-party-catalog/schemas';

export const nameTaken = (name: string) => conflict(`A third-party application named "${name}" is already in the catalog`, 'APP_NAME_TAKEN');
export { isUniqueViolation } from '@/lib/software/create-catalog-package';

/** A system operator may pick any enrolled device of any partner as the test device. */
export async function assertUsableTestDevice(tx: Tx, deviceId: string | null | undefined): Promise<void> {
  if (!deviceId) return;
  const device = await tx.device.findUnique({ where: { id: deviceId }, select: { status: true } });
  if (!device || !acceptsCommands(device)) {
    const message = device ? `The device is ${device.status}: it takes no commands` : 'No such device';
    throw badRequest('Test device not usable', [{ path: 'body.testDeviceId', message }], 'TEST_DEVICE_INVALID');
  }
}

export function assertSourcesOnPlatforms(platforms: string[], updateSource: UpdateSource): void {
  const stray = Object.keys(updateSource).filter((os) => !platforms.includes(os));
  if (stray.length) {
    throw badRequest('Update source for an unlisted platform', [{ path: 'body.updateSource', message: `Not among the platforms: ${stray.join(', ')}` }]);
  }
}
