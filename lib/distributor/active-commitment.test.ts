import { describe, expect, it } from 'vitest';
import { selectActiveCommitment } from './active-commitment';

const now = new Date('2026-06-15T12:00:00Z');
const period = (id: string, startDate: string | null, endDate: string | null) => ({ id, term: 'Annual', startDate, endDate });

describe('selectActiveCommitment', () => {
  it('picks the single period in force, ignoring ended and future ones', () => {
    const periods = [period('old', '2025-01-01', '2025-12-31'), period('now', '2026-01-01', '2026-12-31'), period('next', '2027-01-01', null)];
    expect(selectActiveCommitment(periods, now)).toEqual({ activeCommitmentId: 'now', activeCommitmentAmbiguous: false });
  });

  it('treats the end date as inclusive and open ends as in force', () => {
    expect(selectActiveCommitment([period('a', '2026-01-01', '2026-06-15')], now).activeCommitmentId).toBe('a');
    expect(selectActiveCommitment([period('b', null, null)], now).activeCommitmentId).toBe('b');
  });

  it('is ambiguous when distinct commitments are in force together', () => {
    expect(selectActiveCommitment([period('a', '2026-01-01', null), period('b', '2026-03-01', null)], now)).toEqual({ activeCommitmentId: null, activeCommitmentAmbiguous: true });
  });

  it('is not ambiguous when the same commitment is repeated', () => {
    expect(selectActiveCommitment([period('a', '2026-01-01', null), period('a', '2026-02-01', null)], now).activeCommitmentId).toBe('a');
  });

  it('reports none without evidence', () => {
    expect(selectActiveCommitment(null, now)).toEqual({ activeCommitmentId: null, activeCommitmentAmbiguous: false });
    expect(selectActiveCommitment([], now)).toEqual({ activeCommitmentId: null, activeCommitmentAmbiguous: false });
  });
});
