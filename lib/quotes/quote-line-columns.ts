import type { LineState } from '@/lib/billing/line-fields';
import { lineColumns } from '@/lib/billing/line-state';

/** Quote line columns of a state (per-device lines store quantity 0: they are counted from devices). */
export function quoteLineColumns(s: LineState) {
  return { ...lineColumns(s), quantity: s.quantity ?? '0' };
}
