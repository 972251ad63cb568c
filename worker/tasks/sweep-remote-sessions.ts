import { randomUUID } from 'node:crypto';
import type { Task } from 'graphile-worker';
import type { AuthContext } from '@/lib/auth/context';
import { dbPool } from '@/lib/db';
import { sweepStaleSessions } from '@/lib/remote/sessions';

/**
 * Every minute: remote sessions whose peers are gone (device offline, terminal viewer not seen,
 * still pending after REMOTE_SESSION_STALE_SECONDS) are ended, as DELETE /remote/sessions/stale
 * does for one caller; spent and expired remote tickets are dropped.
 */
export const sweepRemoteSessionsTask: Task = async (_payload, helpers) => {
  const ctx = { kind: 'anonymous', requestId: randomUUID(), ip: null } as AuthContext;
  const { ended } = await sweepStaleSessions({}, ctx, { type: 'system', id: null, email: null });
  await dbPool().query("delete from remote_tickets where expires_at < now() - interval '1 hour'");
  if (ended) helpers.logger.info(`ended ${ended} stale remote sessions`);
};
