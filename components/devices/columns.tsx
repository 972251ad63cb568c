import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Device, DeviceListExtra } from '@/hooks/use-devices';
import { formatPercent, formatRelative } from '@/lib/client/format';
import { StatusBadge } from '@/components/ui/controls';
import { AgentVersion, agentUpdateText } from '@/components/devices/agent-version';

/** What cells read beyond the device: organization names and the page's extras (site, alerts). */
export interface ColumnContext {
  orgName: (id: string) => string;
  extra: (id: string) => DeviceListExtra | undefined;
}

export interface Column {
  id: string;
  label: string;
  width: string;
  sort?: 'hostname' | 'lastSeen' | 'enrolled';
  render: (d: Device, ctx: ColumnContext) => ReactNode;
  csv: (d: Device, ctx: ColumnContext) => string | number | null;
}

// Severity colours of the alert indicator; text and background meet 4.5:1 in both themes.
const SEVERITY_CLASS: Record<string, string> = {
  critical: 'bg-red-700 text-white dark:bg-red-500 dark:text-slate-950',
  high: 'bg-orange-700 text-white dark:bg-orange-400 dark:text-slate-950',
  medium: 'bg-amber-200 text-amber-950 dark:bg-amber-300 dark:text-slate-950',
  low: 'bg-sky-100 text-sky-900 dark:bg-sky-300 dark:text-slate-950',
  info: 'bg-slate-200 text-slate-800 dark:bg-slate-300 dark:text-slate-950',
};

function AlertCell({ d, extra }: { d: Device; extra: DeviceListExtra | undefined }) {
  const count = extra?.openAlertCount;
  if (count === null || count === undefined) return <span className="text-slate-500">—</span>;
  if (count === 0) return <span className="text-slate-500">0</span>;
  const sev = extra?.highestSeverity ?? 'info';
  return (
    <Link
      href={`/alerts?device=${d.id}`}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold hover:underline ${SEVERITY_CLASS[sev]}`}
      aria-label={`${count} open alert${count === 1 ? '' : 's'}, highest ${sev}`}
      title={`Highest severity: ${sev}`}
      data-testid="device-alert-count"
    >
      <span aria-hidden="true">●</span>
      {count}
    </Link>
  );
}

function PatchCell({ d, extra }: { d: Device; extra: DeviceListExtra | undefined }) {
  const count = extra?.missingPatchCount;
  if (count === null || count === undefined) return <span className="text-slate-500">—</span>;
  if (count === 0) return <span className="text-emerald-700 dark:text-emerald-300">Up to date</span>;
  const critical = extra?.missingCriticalPatchCount ?? 0;
  return (
    <Link
      href={`/patches?view=device&device=${d.id}`}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold hover:underline ${critical > 0 ? SEVERITY_CLASS.high : SEVERITY_CLASS.low}`}
      aria-label={`${count} missing patch${count === 1 ? '' : 'es'}${critical > 0 ? `, ${critical} critical or important` : ''}`}
      data-testid="device-patch-count"
    >
      {count}
      {critical > 0 && <span>({critical} crit.)</span>}
    </Link>
  );
}

export const COLUMNS: Column[] = [
  {
    id: 'hostname',
    label: 'Hostname',
    width: 'minmax(12rem,2fr)',
    sort: 'hostname',
    render: (d) => (
      <Link href={`/devices/${d.id}`} className="truncate font-medium text-brand-700 hover:underline dark:text-brand-100">
        {d.displayName ?? d.hostname}
      </Link>
    ),
    csv: (d) => d.hostname,
  },
  { id: 'status', label: 'Status', width: '7rem', render: (d) => <StatusBadge status={d.status} />, csv: (d) => d.status },
  { id: 'organization', label: 'Organization', width: 'minmax(8rem,1fr)', render: (d, c) => <span className="truncate">{c.orgName(d.orgId)}</span>, csv: (d, c) => c.orgName(d.orgId) },
  { id: 'site', label: 'Site', width: 'minmax(7rem,1fr)', render: (d, c) => <span className="truncate">{c.extra(d.id)?.siteName ?? '—'}</span>, csv: (d, c) => c.extra(d.id)?.siteName ?? null },
  { id: 'alerts', label: 'Alerts', width: '5rem', render: (d, c) => <AlertCell d={d} extra={c.extra(d.id)} />, csv: (d, c) => c.extra(d.id)?.openAlertCount ?? null },
  { id: 'patches', label: 'Patches', width: '6.5rem', render: (d, c) => <PatchCell d={d} extra={c.extra(d.id)} />, csv: (d, c) => c.extra(d.id)?.missingPatchCount ?? null },
  { id: 'os', label: 'OS', width: 'minmax(8rem,1fr)', render: (d) => <span className="truncate">{[d.osType, d.osVersion].filter(Boolean).join(' · ') || '—'}</span>, csv: (d) => [d.osType, d.osVersion].filter(Boolean).join(' ') },
  { id: 'lastSeen', label: 'Last seen', width: '8rem', sort: 'lastSeen', render: (d) => <span title={d.lastSeenAt ?? ''}>{formatRelative(d.lastSeenAt)}</span>, csv: (d) => d.lastSeenAt },
  { id: 'cpu', label: 'CPU', width: '4.5rem', render: (d) => formatPercent(d.cpuPercent), csv: (d) => d.cpuPercent },
  { id: 'memory', label: 'Memory', width: '5rem', render: (d) => formatPercent(d.memoryPercent), csv: (d) => d.memoryPercent },
  { id: 'disk', label: 'Disk', width: '4.5rem', render: (d) => formatPercent(d.diskPercent), csv: (d) => d.diskPercent },
  { id: 'lastUser', label: 'Last user', width: 'minmax(7rem,1fr)', render: (d) => <span className="truncate">{d.lastUser ?? '—'}</span>, csv: (d) => d.lastUser },
  { id: 'agent', label: 'Agent', width: 'minmax(6rem,1fr)', render: (d) => <AgentVersion device={d} />, csv: (d) => [d.agentVersion, agentUpdateText(d)].filter(Boolean).join(' ') || null },
  { id: 'tags', label: 'Tags', width: 'minmax(7rem,1fr)', render: (d) => <span className="truncate">{d.tags.join(', ') || '—'}</span>, csv: (d) => d.tags.join(';') },
  { id: 'enrolled', label: 'Enrolled', width: '8rem', sort: 'enrolled', render: (d) => formatRelative(d.enrolledAt), csv: (d) => d.enrolledAt },
];

export const DEFAULT_COLUMNS = ['hostname', 'status', 'organization', 'site', 'alerts', 'patches', 'os', 'lastSeen', 'cpu', 'memory', 'disk'];
