import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Device } from '@/hooks/use-devices';
import { formatPercent, formatRelative } from '@/lib/client/format';
import { StatusBadge } from '@/components/ui/controls';

export interface Column {
  id: string;
  label: string;
  width: string;
  sort?: 'hostname' | 'lastSeen' | 'enrolled';
  render: (d: Device, ctx: { orgName: (id: string) => string }) => ReactNode;
  csv: (d: Device, ctx: { orgName: (id: string) => string }) => string | number | null;
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
  { id: 'os', label: 'OS', width: 'minmax(8rem,1fr)', render: (d) => <span className="truncate">{[d.osType, d.osVersion].filter(Boolean).join(' · ') || '—'}</span>, csv: (d) => [d.osType, d.osVersion].filter(Boolean).join(' ') },
  { id: 'lastSeen', label: 'Last seen', width: '8rem', sort: 'lastSeen', render: (d) => <span title={d.lastSeenAt ?? ''}>{formatRelative(d.lastSeenAt)}</span>, csv: (d) => d.lastSeenAt },
  { id: 'cpu', label: 'CPU', width: '4.5rem', render: (d) => formatPercent(d.cpuPercent), csv: (d) => d.cpuPercent },
  { id: 'memory', label: 'Memory', width: '5rem', render: (d) => formatPercent(d.memoryPercent), csv: (d) => d.memoryPercent },
  { id: 'disk', label: 'Disk', width: '4.5rem', render: (d) => formatPercent(d.diskPercent), csv: (d) => d.diskPercent },
  { id: 'lastUser', label: 'Last user', width: 'minmax(7rem,1fr)', render: (d) => <span className="truncate">{d.lastUser ?? '—'}</span>, csv: (d) => d.lastUser },
  { id: 'agent', label: 'Agent', width: '6rem', render: (d) => d.agentVersion ?? '—', csv: (d) => d.agentVersion },
  { id: 'tags', label: 'Tags', width: 'minmax(7rem,1fr)', render: (d) => <span className="truncate">{d.tags.join(', ') || '—'}</span>, csv: (d) => d.tags.join(';') },
  { id: 'enrolled', label: 'Enrolled', width: '8rem', sort: 'enrolled', render: (d) => formatRelative(d.enrolledAt), csv: (d) => d.enrolledAt },
];

export const DEFAULT_COLUMNS = ['hostname', 'status', 'organization', 'os', 'lastSeen', 'cpu', 'memory', 'disk'];
