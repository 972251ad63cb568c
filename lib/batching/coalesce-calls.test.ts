import { describe, expect, it } from 'vitest';
import { coalesceCalls } from './coalesce-calls';

describe('coalesceCalls', () => {
  it('hands calls of one turn to one batch and answers each in order', async () => {
    const batches: number[][] = [];
    const double = coalesceCalls<number, number>(async (xs) => (batches.push(xs), xs.map((x) => x * 2)), { maxBatch: 10, maxInFlight: 1 });
    expect(await Promise.all([1, 2, 3].map(double))).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('splits by maxBatch, keeps calls with one key apart, and grows batches while earlier ones run', async () => {
    const batches: string[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const echo = coalesceCalls<string, string>(
      async (xs) => {
        batches.push(xs);
        if (batches.length === 1) await gate;
        return xs;
      },
      { maxBatch: 3, maxInFlight: 1, key: (x) => x[0] },
    );
    const first = echo('a1');
    await new Promise((r) => setImmediate(r));
    const later = ['a2', 'b1', 'a3', 'c1', 'd1'].map(echo); // queued while the first batch runs
    release();
    expect(await Promise.all([first, ...later])).toEqual(['a1', 'a2', 'b1', 'a3', 'c1', 'd1']);
    expect(batches).toEqual([['a1'], ['a2', 'b1', 'c1'], ['a3', 'd1']]);
  });

  it('rejects every call of a failed batch', async () => {
    const fail = coalesceCalls<number, number>(async () => {
      throw new Error('db down');
    }, { maxBatch: 5, maxInFlight: 2 });
    const results = await Promise.allSettled([fail(1), fail(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
