// The intervals a device is told to use. The heartbeat interval a device is told to use: its effective policy's, never so long that the
// presence sweep would call a healthy device offline between two beats (at most half the
// offline threshold), else the service default.
import { deviceOfflineAfterSeconds, env } from '@/lib/env';

export function heartbeatIntervalFor(policyInterval: number | null | undefined): number {
  const fallback = env().AGENT_HEARTBEAT_INTERVAL_SECONDS;
  if (!policyInterval) return fallback;
  return Math.max(1, Math.min(policyInterval, Math.floor(deviceOfflineAfterSeconds() / 2)));
}

/** A full inventory once a day unless the device's effective policy sets another interval. */
export const DEFAULT_INVENTORY_INTERVAL_MINUTES = 1440;

export function inventoryIntervalFor(policyMinutes: number | null | undefined): number {
  return policyMinutes && policyMinutes > 0 ? policyMinutes : DEFAULT_INVENTORY_INTERVAL_MINUTES;
}
