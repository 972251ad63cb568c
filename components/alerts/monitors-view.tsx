'use client';

// Network monitors: health at a glance (dashboard counts, what is down) and the list with
// status and kind filters.
import Link from 'next/link';
import { useState } from 'react';
import { MONITOR_KIND_LABELS, MONITOR_KINDS, useMonitorDashboard, useMonitors, useOpenMonitorAlerts, type Monitor } from '@/hooks/use-monitors';
import { useCan } from '@/hooks/use-me';
import type { Alert } from '@/hooks/use-alerts';
import { formatRelative } from '@/lib/client/format';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Badge, Card, EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager, StatusBadge, type Tone } from '@/components/ui/controls';
import { SeverityBadge, useScopeName } from '@/components/alerts/alert-config-shared';
import { DataTable } from '@/components/ui/data-table';

const STATUS_TONE: Record<Monitor['status'], Tone> = { up: 'green', down: 'red', unknown: 'slate' };

export function MonitorStatus({ m }: { m: Pick<Monitor, 'status' | 'enabled'> }) {
  if (!m.enabled) return <Badge>paused</Badge>;
  return <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge>;
}

/** What a monitor checks, from its configuration. */
export function monitorTarget(m: Monitor): string {
  const c = m.config;
  if (m.kind === 'http') return String(c.url ?? '');
  if (m.kind === 'dns') return `${String(c.hostname ?? '')} ${String(c.recordType ?? 'A')}`;
  return `${String(c.host ?? '')}:${String(c.port ?? (m.kind === 'tls' ? 443 : ''))}`;
}

function Stat({ label, value, tone }: { label: string; value: string | number; tone?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
      <div className="text-xs text-slate-500">{label}</div>
      <div className={`text-2xl font-semibold ${tone ?? ''}`}>{value}</div>
    </div>
  );
}

function OpenMonitorAlerts({ alerts }: { alerts: Alert[] }) {
  if (!alerts.length) return null;
  return (
    <Card title="Open monitor alerts">
      <ul className="space-y-1 text-sm" data-testid="open-monitor-alerts">
        {alerts.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-2">
            <SeverityBadge severity={a.severity} />
            <StatusBadge status={a.status} />
            <Link href={`/alerts/${a.id}`} className="text-brand-700 hover:underline dark:text-brand-100">
              {a.title}
            </Link>
            <span className="text-slate-500">{formatRelative(a.triggeredAt)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function MonitorsView() {
  const { orgId } = useCurrentOrg();
  const canWrite = useCan('devices:write');
  const scopeName = useScopeName();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const [kind, setKind] = useState('');
  const dashboard = useMonitorDashboard(orgId ?? undefined);
  const monitors = useMonitors({ page, orgId: orgId ?? undefined, status: status || undefined, kind: kind || undefined });
  const filtered = Boolean(status || kind);
  const canAlerts = useCan('alerts:read');
  const openAlerts = useOpenMonitorAlerts(orgId ?? undefined, canAlerts);
  const d = dashboard.data;
  const newLink = (
    <Link href="/alerts/monitors/new" className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
      New monitor
    </Link>
  );

  return (
    <div className="space-y-4">
      <PageHeader title="Monitors" description="Websites, ports, DNS records and certificates checked from the service; failures raise alerts." actions={canWrite && newLink} />
      {d && d.total > 0 && (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-5" aria-label="Monitor summary" role="group">
          <Stat label="Monitors" value={d.total} />
          <Stat label="Up" value={d.byStatus.up} tone="text-emerald-600" />
          <Stat label="Down" value={d.byStatus.down} tone={d.byStatus.down ? 'text-red-600' : ''} />
          <Stat label="Open alerts" value={d.openAlerts} />
          <Stat label="Mean latency" value={d.averageLatencyMs === null ? '—' : `${Math.round(d.averageLatencyMs)} ms`} />
        </div>
      )}
      {canAlerts && openAlerts.data && <OpenMonitorAlerts alerts={openAlerts.data.data} />}
      <div className="flex flex-wrap gap-2" role="search" aria-label="Filter monitors">
        <select aria-label="Status" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }} className={`${INPUT_CLASS} sm:w-auto`}>
          <option value="">Any status</option>
          <option value="up">Up</option>
          <option value="down">Down</option>
          <option value="unknown">Not checked yet</option>
        </select>
        <select aria-label="Kind" value={kind} onChange={(e) => { setKind(e.target.value); setPage(1); }} className={`${INPUT_CLASS} sm:w-auto`}>
          <option value="">Any kind</option>
          {MONITOR_KINDS.map((k) => (
            <option key={k} value={k}>
              {MONITOR_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <ErrorText error={monitors.error} />
      {monitors.data && monitors.data.data.length === 0 && (
        <EmptyState title={filtered ? 'No monitor matches these filters' : 'No monitors yet'} action={!filtered && canWrite ? newLink : undefined}>
          {filtered ? 'Clear the filters to see every monitor.' : 'Add an HTTP, TCP, DNS or TLS check for a customer website, mail server or certificate; a failing check raises an alert.'}
        </EmptyState>
      )}
      {monitors.data && monitors.data.data.length > 0 && (
        <DataTable label="Monitors" testId="monitors" columns={['Name', 'Status', 'Kind', 'Target', 'Organization', 'Last check']}>
          {monitors.data.data.map((m) => (
            <tr key={m.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <Link href={`/alerts/monitors/${m.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                  {m.name}
                </Link>
              </td>
              <td className="px-4 py-2"><MonitorStatus m={m} /></td>
              <td className="px-4 py-2">{MONITOR_KIND_LABELS[m.kind]}</td>
              <td className="max-w-xs truncate px-4 py-2 font-mono text-xs">{monitorTarget(m)}</td>
              <td className="px-4 py-2 text-slate-500">{scopeName(m.orgId)}</td>
              <td className="px-4 py-2 text-slate-500">
                {formatRelative(m.lastCheckedAt)}
                {m.lastLatencyMs !== null && ` · ${m.lastLatencyMs} ms`}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {monitors.data && <Pager page={page} total={monitors.data.pagination.total} limit={50} onPage={setPage} />}
    </div>
  );
}
