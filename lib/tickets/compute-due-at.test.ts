import { describe, expect, it } from 'vitest';
import { computeDueAt, slaHours } from './compute-due-at';

const opened = new Date('2026-03-02T09:00:00.000Z');

describe('computeDueAt', () => {
  it('uses the default SLA per priority', () => {
    expect(computeDueAt('p1', opened, {}).toISOString()).toBe('2026-03-02T13:00:00.000Z');
    expect(computeDueAt('p2', opened, null).toISOString()).toBe('2026-03-02T17:00:00.000Z');
    expect(computeDueAt('p3', opened, {}).toISOString()).toBe('2026-03-03T09:00:00.000Z');
    expect(computeDueAt('p4', opened, {}).toISOString()).toBe('2026-03-05T09:00:00.000Z');
  });

  it('applies partner overrides and ignores invalid ones', () => {
    expect(computeDueAt('p1', opened, { ticketSlaHours: { p1: 1.5 } }).toISOString()).toBe('2026-03-02T10:30:00.000Z');
    expect(slaHours({ ticketSlaHours: { p1: -2 } }).p1).toBe(4);
    expect(slaHours({ ticketSlaHours: 'fast' }).p3).toBe(24);
    expect(slaHours({ ticketSlaHours: { p2: 2 } })).toEqual({ p1: 4, p2: 2, p3: 24, p4: 72 });
  });
});
