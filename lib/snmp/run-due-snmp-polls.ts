// Worker sweep (every minute): claims due SNMP devices in batches (next_poll_at moved forward in
// the claiming statement, FOR UPDATE SKIP LOCKED, so workers never poll one device twice) and
// polls them PARALLEL at a time until none is due or the minute's budget is spent. SNMP is UDP
// request/response: the wait is the network, so many polls overlap on one process.
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { SnmpDevice } from '@/lib/generated/prisma/client';
import { pollSnmpDevice } from '@/lib/snmp/poll-snmp-device';
import { queueProbePoll } from '@/lib/snmp/probe-polls';

const BATCH = 200;
const PARALLEL = 32;
const BUDGET_MS = 50_000;

export interface SweepResult {
  polled: number;
  /** Polls queued on probe agents (their values arrive with the commands' results). */
  probeQueued: number;
  failed: number;
  rowsWritten: number;
  pollMs: number[];
}

/**
 * At most `slots` callers inside at once, the others queued in order: the polls' writes must
 * not outnumber the pool's connections (a transaction waiting for one gives up after 2 s).
 */
function gate(slots: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (busy >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else busy += 1;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else busy -= 1;
    }
  };
}

export async function runDueSnmpPolls(opts: { budgetMs?: number; parallel?: number } = {}): Promise<SweepResult> {
  const deadline = Date.now() + (opts.budgetMs ?? BUDGET_MS);
  const result: SweepResult = { polled: 0, probeQueued: 0, failed: 0, rowsWritten: 0, pollMs: [] };
  const writeSlot = gate(Math.max(1, Math.floor(env().DB_POOL_SIZE / 2)));
  while (Date.now() < deadline) {
    const claimed = await db.$queryRaw<{ id: string }[]>`
      update snmp_devices d set next_poll_at = now() + make_interval(secs => d.poll_interval_seconds)
      where d.id in (select id from snmp_devices where enabled and next_poll_at <= now() order by next_poll_at limit ${BATCH} for update skip locked)
      returning d.id`;
    if (!claimed.length) break;
    const devices = await db.snmpDevice.findMany({ where: { id: { in: claimed.map((c) => c.id) } } });
    // A device behind a probe agent: its poll is a command to the probe (no network wait here).
    const direct: SnmpDevice[] = [];
    for (const d of devices) {
      if (!d.probeDeviceId) {
        direct.push(d);
        continue;
      }
      const { recorded } = await queueProbePoll(d, true);
      result.probeQueued += 1;
      if (recorded) result.failed += 1;
    }
    let next = 0;
    const worker = async () => {
      while (next < direct.length) {
        const outcome = await pollSnmpDevice(direct[next++], writeSlot);
        result.polled += 1;
        if (!outcome.collected.ok) result.failed += 1;
        result.rowsWritten += outcome.rowsWritten;
        result.pollMs.push(outcome.collected.durationMs);
      }
    };
    await Promise.all(Array.from({ length: Math.min(opts.parallel ?? PARALLEL, direct.length) }, worker));
  }
  return result;
}
