// Which commitment governs a subscription's quantity and cancellation: the one period in force
// now. Several distinct commitments in force at once is ambiguous; no evidence is "none", never a
// guess. Order staging refuses quantity changes and cancellations unless exactly one is found.
import type { DistributorCommitmentPeriod } from './distributor-client';

export interface ActiveCommitment {
  activeCommitmentId: string | null;
  activeCommitmentAmbiguous: boolean;
}

export function selectActiveCommitment(periods: DistributorCommitmentPeriod[] | null, now = new Date()): ActiveCommitment {
  const today = now.toISOString().slice(0, 10);
  const inForce = (periods ?? []).filter((p) => {
    const start = p.startDate?.slice(0, 10) ?? null;
    const end = p.endDate?.slice(0, 10) ?? null;
    return (start === null || start <= today) && (end === null || end >= today);
  });
  const ids = [...new Set(inForce.map((p) => p.id))];
  if (ids.length === 1) return { activeCommitmentId: ids[0], activeCommitmentAmbiguous: false };
  return { activeCommitmentId: null, activeCommitmentAmbiguous: ids.length > 1 };
}
