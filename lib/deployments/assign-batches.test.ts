import { describe, expect, it } from 'vitest';
import { assignBatches } from '@/lib/deployments/assign-batches';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `d${i}`);

describe('assignBatches', () => {
  it('puts every device in batch 1 all at once', () => {
    const r = assignBatches(ids(5), { strategy: 'all_at_once', batchSize: null, batchPercent: null });
    expect(r.totalBatches).toBe(1);
    expect([...r.batchOf.values()]).toEqual([1, 1, 1, 1, 1]);
  });
  it('cuts staged batches by size', () => {
    const r = assignBatches(ids(5), { strategy: 'staged', batchSize: 2, batchPercent: null });
    expect(r.totalBatches).toBe(3);
    expect([...r.batchOf.values()]).toEqual([1, 1, 2, 2, 3]);
  });
  it('cuts staged batches by percent, rounded up', () => {
    const r = assignBatches(ids(10), { strategy: 'staged', batchSize: null, batchPercent: 25 });
    expect(r.totalBatches).toBe(4);
    expect([...r.batchOf.values()]).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4]);
  });
  it('keeps one batch when nothing applies', () => {
    expect(assignBatches([], { strategy: 'staged', batchSize: 2, batchPercent: null }).totalBatches).toBe(1);
  });
});
