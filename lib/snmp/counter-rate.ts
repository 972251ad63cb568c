// Counters become rates per second between two polls. A counter that went down wrapped or was
// reset (agent restart): that interval has no trustworthy rate and is skipped, not guessed.
export function counterRate(previous: { raw: bigint; at: Date } | null, current: { raw: bigint; at: Date }): number | null {
  if (!previous) return null;
  const seconds = (current.at.getTime() - previous.at.getTime()) / 1000;
  if (seconds <= 0 || current.raw < previous.raw) return null;
  return Number(current.raw - previous.raw) / seconds;
}
