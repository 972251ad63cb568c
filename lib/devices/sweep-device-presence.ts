// Worker sweep (every minute): devices silent for DEVICE_OFFLINE_AFTER_SECONDS (default 3 ×
// the heartbeat interval) go offline with a device.offline event; silent watchdogs are marked
// offline; commands sent without a result past their timeout (plus a grace) are timed out.
import { db } from '@/lib/db';
import { env, deviceOfflineAfterSeconds } from '@/lib/env';
import { emitEvents } from '@/lib/events/emit-event';
import { commandTimeoutSeconds } from '@/lib/devices/command-schemas';
import { timeOutScriptExecutions } from '@/lib/scripts/executions/record-script-result';

const BATCH = 1000;

export async function sweepDevicePresence(): Promise<{ offline: number; timedOut: number }> {
  const silence = deviceOfflineAfterSeconds();
  let offline = 0;
  for (;;) {
    const n = await db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string; partner_id: string; org_id: string; hostname: string; last_seen_at: Date }[]>`
        update devices d set status = 'offline'
        where d.id in (
          select id from devices where status = 'online' and last_seen_at < now() - make_interval(secs => ${silence}::double precision)
          limit ${BATCH} for update skip locked)
        returning d.id, d.partner_id, d.org_id, d.hostname, d.last_seen_at`;
      // One statement for the batch's events and webhook deliveries: the transaction holds the
      // rows it marked offline, and a heartbeat of one of them waits until it commits.
      await emitEvents(
        tx,
        rows.map((r) => ({ type: 'device.offline', partnerId: r.partner_id, orgId: r.org_id, data: { deviceId: r.id, hostname: r.hostname, lastSeen: r.last_seen_at.toISOString() } })),
      );
      return rows.length;
    });
    offline += n;
    if (n < BATCH) break;
  }
  await db.$executeRaw`
    update devices set watchdog_status = 'offline'
    where watchdog_status in ('connected', 'failover') and watchdog_last_seen_at < now() - make_interval(secs => ${silence}::double precision)`;
  const timedOut = await timeOutSilentCommands();
  return { offline, timedOut };
}

async function timeOutSilentCommands(): Promise<number> {
  const grace = env().COMMAND_RESULT_GRACE_SECONDS;
  const sent = await db.deviceCommand.findMany({
    where: { status: 'sent', sentAt: { lt: new Date(Date.now() - grace * 1000) } },
    select: { id: true, type: true, payload: true, sentAt: true },
    take: 5000,
  });
  const now = Date.now();
  const expired = sent.filter((c) => c.sentAt!.getTime() + (commandTimeoutSeconds(c.type, c.payload) + grace) * 1000 < now).map((c) => c.id);
  if (expired.length === 0) return 0;
  return db.$transaction(async (tx) => {
    const r = await tx.deviceCommand.updateMany({
      where: { id: { in: expired }, status: 'sent' },
      data: { status: 'timed_out', completedAt: new Date(), stderr: 'No result from the agent before the command timed out' },
    });
    await timeOutScriptExecutions(tx, expired);
    return r.count;
  });
}
