// Staged rollout of the promoted agent release. A device's bucket is a stable hash of its id
// (0-99): raising the percentage only adds devices, so the early ones stay the canaries.
import { createHash } from 'node:crypto';

export function rolloutBucket(deviceId: string): number {
  return createHash('sha256').update(deviceId.toLowerCase()).digest().readUInt32BE(0) % 100;
}

/** Whether a device in `bucket` (or in one of `deviceGroupIds`) is inside the rollout. */
export function inRollout(bucket: number, rolloutPercent: number, rolloutGroupIds: readonly string[], deviceGroupIds: readonly string[]): boolean {
  return bucket < rolloutPercent || deviceGroupIds.some((g) => rolloutGroupIds.includes(g));
}
