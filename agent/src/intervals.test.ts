import { describe, expect, it } from 'vitest';
import { DEFAULT_INVENTORY_EVERY_MS, inventoryDue, inventoryEveryMs } from './intervals';

describe('inventory interval from the heartbeat answer', () => {
  it('follows the minutes the server names', () => {
    expect(inventoryEveryMs({ inventoryIntervalMinutes: 60 }, DEFAULT_INVENTORY_EVERY_MS)).toBe(3_600_000);
    expect(inventoryEveryMs({ inventoryIntervalMinutes: 1440 }, 3_600_000)).toBe(DEFAULT_INVENTORY_EVERY_MS);
  });

  it('keeps the current interval when the answer names none or nonsense', () => {
    for (const v of [undefined, null, '60', Number.NaN, 0, -5, 1]) expect(inventoryEveryMs({ inventoryIntervalMinutes: v }, 42 * 60_000)).toBe(42 * 60_000);
  });

  it('is due when never sent or once the interval has passed', () => {
    expect(inventoryDue(0, 3_600_000, 1_000)).toBe(true);
    expect(inventoryDue(10_000, 3_600_000, 10_000 + 3_599_999)).toBe(false);
    expect(inventoryDue(10_000, 3_600_000, 10_000 + 3_600_000)).toBe(true);
  });
});
