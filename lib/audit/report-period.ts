import type { TAuditReportQuery } from '@/lib/audit/schemas';

const DAY = 86_400_000;

/** The period of a report or stats: the filters' `from`/`to`, by default the 30 days up to now. */
export function reportPeriod(q: TAuditReportQuery) {
  const to = q.to ?? new Date();
  const from = q.from ?? new Date(to.getTime() - 30 * DAY);
  return { from, to, filters: { ...q, from, to } };
}

export const counted = (rows: { key: string | null; count: number }[]) => rows.map((r) => ({ key: r.key, count: Number(r.count) }));
