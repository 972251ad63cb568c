// The intervals the heartbeat answer names (the device's effective policy on the server), with
// the agent's own defaults for servers that predate them or answer nonsense.

/** Daily, until the server's heartbeat answer names another inventory interval. */
export const DEFAULT_INVENTORY_EVERY_MS = 24 * 3600 * 1000;
/** The server never names less than 15 minutes; an answer below that is ignored. */
const MIN_INVENTORY_EVERY_MS = 15 * 60 * 1000;

/** The inventory interval (ms) to follow after a heartbeat answer; `current` when it names none. */
export function inventoryEveryMs(answer: { inventoryIntervalMinutes?: unknown }, current: number): number {
  const minutes = answer.inventoryIntervalMinutes;
  if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return current;
  const ms = Math.round(minutes * 60_000);
  return ms >= MIN_INVENTORY_EVERY_MS ? ms : current;
}

/** Whether a full inventory is due: never sent, or sent longer ago than the interval. */
export function inventoryDue(lastSentAt: number, everyMs: number, now: number): boolean {
  return lastSentAt === 0 || now - lastSentAt >= everyMs;
}
