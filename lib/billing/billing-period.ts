// Monthly billing periods on the anniversary of a contract's start date. A start on the 31st
// bills the 28th/29th/30th in shorter months and the 31st again when the month has one.

function addMonthsClamped(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(date.getUTCDate(), lastDay)));
}

const DAY = 86_400_000;

/** The period that starts at `periodStart` (itself an anniversary of `startDate`). */
export function billingPeriod(startDate: Date, periodStart: Date, endDate: Date | null): { start: Date; end: Date; next: Date } {
  const k = (periodStart.getUTCFullYear() - startDate.getUTCFullYear()) * 12 + (periodStart.getUTCMonth() - startDate.getUTCMonth());
  const next = addMonthsClamped(startDate, k + 1);
  const lastDay = new Date(next.getTime() - DAY);
  return { start: periodStart, end: endDate && endDate < lastDay ? endDate : lastDay, next };
}
