// Display names of report types, formats and schedules, shared by the list, the form and the runs.
import type { Report } from '@/hooks/use-reports';

export const TYPE_LABELS: Record<Report['type'], string> = {
  device_inventory: 'Device inventory',
  software_inventory: 'Software inventory',
  alerts_summary: 'Alerts summary',
  patch_compliance: 'Patch compliance',
  metrics: 'Availability and resource use',
  tickets_sla: 'Tickets and SLA',
  executive_summary: 'Executive summary',
};

export const FORMAT_LABELS: Record<Report['format'], string> = { pdf: 'PDF', csv: 'CSV', excel: 'Excel' };

export const WEEKDAY_LABELS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Weekly, Monday 07:30 (Asia/Tokyo)", or "On demand". */
export function scheduleText(r: Pick<Report, 'schedule' | 'config' | 'timezone'>): string {
  if (!r.schedule) return 'On demand';
  const s = r.config.schedule;
  const time = s?.time ?? '08:00';
  const day = s?.day ? `${s.day[0].toUpperCase()}${s.day.slice(1)} ` : '';
  const when = r.schedule === 'daily' ? `Daily ${time}` : r.schedule === 'weekly' ? `Weekly, ${day}${time}` : `Monthly, day ${s?.date ?? 1} ${time}`;
  return `${when} (${r.timezone})`;
}
