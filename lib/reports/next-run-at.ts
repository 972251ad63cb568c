// When a scheduled report is next due: the first local `time` after a given instant, in the
// report's time zone, on every day (daily), on `day` (weekly) or on `date` (monthly; a month
// shorter than `date` runs on its last day). Wall-clock time is kept across DST changes.
import { fromLocal, toLocal } from '@/lib/maintenance/zoned-time';
import { WEEKDAYS, type ScheduleConfig } from '@/lib/reports/schemas';

export type ScheduleName = 'daily' | 'weekly' | 'monthly';

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first due instant strictly after `after`. */
export function nextRunAt(schedule: ScheduleName, config: ScheduleConfig, timeZone: string, after: Date): Date {
  const [hour, minute] = config.time.split(':').map(Number);
  const start = toLocal(after, timeZone);
  // 62 days covers every monthly date; a daily or weekly match comes within 8.
  for (let i = 0; i <= 62; i++) {
    const d = new Date(Date.UTC(start.year, start.month - 1, start.day + i));
    const [year, month, day, weekday] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCDay()];
    const matches =
      schedule === 'daily' ||
      (schedule === 'weekly' && WEEKDAYS[weekday] === config.day) ||
      (schedule === 'monthly' && day === Math.min(config.date ?? 1, lastDayOf(year, month)));
    if (!matches) continue;
    const due = fromLocal(year, month, day, hour, minute, timeZone);
    if (due.getTime() > after.getTime()) return due;
  }
  throw new Error(`no ${schedule} due time found after ${after.toISOString()}`);
}
