'use client';

// The maintenance calendar: a month of occurrences in the browser's time zone, each on every day
// it overlaps, colored by state, linking to its window. Months step with the buttons (the month
// is in the URL). Narrow screens get the same month as an agenda list, since seven columns do
// not fit a phone without sideways scrolling.
import Link from 'next/link';
import { useMaintenanceCalendar, type MaintenanceOccurrence } from '@/hooks/use-maintenance';
import { Button } from '@/components/ui/button';
import { Card, ErrorText } from '@/components/ui/controls';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const STATE_CLASS: Record<MaintenanceOccurrence['status'], string> = {
  scheduled: 'bg-brand-100 text-brand-700 dark:bg-slate-800 dark:text-brand-100',
  active: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  completed: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  cancelled: 'bg-slate-100 text-slate-700 line-through dark:bg-slate-800 dark:text-slate-300',
};
const STATE_LABEL: Record<MaintenanceOccurrence['status'], string> = { scheduled: 'Scheduled', active: 'In progress', completed: 'Completed', cancelled: 'Cancelled' };

/** "2026-11" → the first day of that month (local); anything else → this month. */
export function monthStart(value: string): Date {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  const now = new Date();
  return m && Number(m[2]) >= 1 && Number(m[2]) <= 12 ? new Date(Number(m[1]), Number(m[2]) - 1, 1) : new Date(now.getFullYear(), now.getMonth(), 1);
}

export const monthKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

/** The six weeks shown for a month, Sunday first. */
function gridDays(first: Date): Date[] {
  const start = new Date(first.getFullYear(), first.getMonth(), 1 - first.getDay());
  return Array.from({ length: 42 }, (_, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i));
}

const nextDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);
const overlaps = (o: MaintenanceOccurrence, day: Date) => new Date(o.startsAt) < nextDay(day) && new Date(o.endsAt) > day;
const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

function OccurrenceLink({ o }: { o: MaintenanceOccurrence }) {
  return (
    <Link
      href={`/maintenance/${o.windowId}`}
      className={`block truncate rounded px-1 text-xs focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${STATE_CLASS[o.status]}`}
      title={`${o.windowName}: ${STATE_LABEL[o.status]}, ${new Date(o.startsAt).toLocaleString()} to ${new Date(o.endsAt).toLocaleString()}`}
    >
      {time(o.startsAt)} {o.windowName}
      <span className="sr-only"> ({STATE_LABEL[o.status]})</span>
    </Link>
  );
}

export function MaintenanceCalendar({ orgId, month, onMonth }: { orgId?: string; month: string; onMonth: (month: string) => void }) {
  const first = monthStart(month);
  const days = gridDays(first);
  const from = days[0];
  const to = nextDay(days[days.length - 1]);
  const occurrences = useMaintenanceCalendar({ orgId, from: from.toISOString(), to: to.toISOString() });
  const list = occurrences.data ?? [];
  const title = first.toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
  const today = new Date();
  const isToday = (d: Date) => d.toDateString() === today.toDateString();
  const step = (n: number) => onMonth(monthKey(new Date(first.getFullYear(), first.getMonth() + n, 1)));
  const inMonth = days.filter((d) => d.getMonth() === first.getMonth());
  const weeks = Array.from({ length: 6 }, (_, w) => days.slice(w * 7, w * 7 + 7));

  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold" aria-live="polite">
          {title}
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => step(-1)}>
            <span aria-hidden="true">‹ </span>Previous month
          </Button>
          <Button variant="secondary" onClick={() => onMonth(monthKey(today))}>
            Today
          </Button>
          <Button variant="secondary" onClick={() => step(1)}>
            Next month<span aria-hidden="true"> ›</span>
          </Button>
        </div>
      </div>
      <ErrorText error={occurrences.error} />
      <ul className="mb-3 flex flex-wrap gap-2 text-xs" aria-label="Legend">
        {(Object.keys(STATE_LABEL) as MaintenanceOccurrence['status'][]).map((s) => (
          <li key={s} className={`rounded px-1 ${STATE_CLASS[s]}`}>
            {STATE_LABEL[s]}
          </li>
        ))}
      </ul>

      <table className="hidden w-full table-fixed border-collapse text-sm sm:table" aria-label={`Maintenance calendar, ${title}`}>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className="py-1 text-left text-xs font-medium text-slate-600 dark:text-slate-400">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].getTime()}>
              {week.map((d) => {
                const here = list.filter((o) => overlaps(o, d));
                const outside = d.getMonth() !== first.getMonth();
                return (
                  <td key={d.getTime()} className={`h-24 border border-slate-200 p-1 align-top dark:border-slate-700 ${outside ? 'bg-slate-50 dark:bg-slate-900' : ''}`} aria-current={isToday(d) ? 'date' : undefined}>
                    <div className={`text-xs ${isToday(d) ? 'font-bold text-brand-700 dark:text-brand-100' : 'text-slate-600 dark:text-slate-400'}`}>
                      <span className="sr-only">{d.toLocaleDateString(undefined, { dateStyle: 'full' })}</span>
                      <span aria-hidden="true">{d.getDate()}</span>
                    </div>
                    <ul className="space-y-0.5">
                      {here.slice(0, 3).map((o) => (
                        <li key={o.id}>
                          <OccurrenceLink o={o} />
                        </li>
                      ))}
                      {here.length > 3 && <li className="text-xs text-slate-600 dark:text-slate-400">+{here.length - 3} more</li>}
                    </ul>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      <div className="sm:hidden" aria-label={`Maintenance agenda, ${title}`} role="region">
        {occurrences.data && !inMonth.some((d) => list.some((o) => overlaps(o, d))) && <p className="text-sm text-slate-600 dark:text-slate-400">No maintenance this month.</p>}
        <ol className="space-y-2">
          {inMonth
            .filter((d) => list.some((o) => overlaps(o, d)))
            .map((d) => (
              <li key={d.getTime()}>
                <h3 className="text-xs font-medium text-slate-600 dark:text-slate-400">{d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })}</h3>
                <ul className="space-y-0.5">
                  {list
                    .filter((o) => overlaps(o, d))
                    .map((o) => (
                      <li key={o.id}>
                        <OccurrenceLink o={o} />
                      </li>
                    ))}
                </ul>
              </li>
            ))}
        </ol>
      </div>
    </Card>
  );
}
