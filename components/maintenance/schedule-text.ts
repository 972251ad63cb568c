// Human-readable schedule and times of maintenance windows, shared by the list and the detail.
import type { MaintenanceWindow } from '@/hooks/use-maintenance';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDuration(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440} d`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return minutes > 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

export function describeSchedule(w: Pick<MaintenanceWindow, 'recurrence' | 'rrule' | 'daysOfWeek' | 'dayOfMonth' | 'durationMinutes' | 'timezone' | 'until' | 'startsAt'>): string {
  const time = new Date(w.startsAt).toLocaleTimeString(undefined, { timeZone: w.timezone, hour: '2-digit', minute: '2-digit' });
  const length = formatDuration(w.durationMinutes);
  const until = w.until ? `, until ${new Date(w.until).toLocaleDateString()}` : '';
  switch (w.recurrence) {
    case 'none':
      return `Once, ${formatWhen(w.startsAt)} for ${length}`;
    case 'daily':
      return `Daily at ${time} (${w.timezone}) for ${length}${until}`;
    case 'weekly':
      return `Weekly on ${w.daysOfWeek.map((d) => DAYS[d]).join(', ')} at ${time} (${w.timezone}) for ${length}${until}`;
    case 'monthly':
      return `Monthly on day ${w.dayOfMonth} at ${time} (${w.timezone}) for ${length}${until}`;
    case 'rrule':
      return `${w.rrule} at ${time} (${w.timezone}) for ${length}${until}`;
  }
}

export function targetSummary(t: MaintenanceWindow['targets']): string {
  const parts = [
    [t.orgIds.length, 'organization'],
    [t.siteIds.length, 'site'],
    [t.groupIds.length, 'group'],
    [t.deviceIds.length, 'device'],
  ] as const;
  return parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}${n === 1 ? '' : 's'}`).join(', ');
}
