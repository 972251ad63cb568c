import type { Task } from 'graphile-worker';
import { sweepDevicePresence } from '@/lib/devices/sweep-device-presence';

/** Every minute: silent devices go offline (device.offline), silent commands time out. */
export const sweepDevicePresenceTask: Task = async (_payload, helpers) => {
  const r = await sweepDevicePresence();
  if (r.offline || r.timedOut) helpers.logger.info(`presence sweep: ${r.offline} offline, ${r.timedOut} commands timed out`);
};
