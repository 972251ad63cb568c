// Batch numbers (1-based) for the applicable devices, in the order given: one batch for
// all_at_once, else batchSize devices or batchPercent % of them (rounded up) per batch.
import type { Deployment } from '@/lib/generated/prisma/client';

export function assignBatches(deviceIds: string[], rollout: Pick<Deployment, 'strategy' | 'batchSize' | 'batchPercent'>): { batchOf: Map<string, number>; totalBatches: number } {
  const n = deviceIds.length;
  const size = rollout.strategy === 'all_at_once' ? Math.max(n, 1) : Math.max(1, rollout.batchSize ?? Math.ceil((n * (rollout.batchPercent ?? 100)) / 100));
  const batchOf = new Map(deviceIds.map((id, i) => [id, Math.floor(i / size) + 1]));
  return { batchOf, totalBatches: Math.max(1, Math.ceil(n / size)) };
}
