'use client';

import Link from 'next/link';
import { useMemo } from 'react';
import { useCan, useMe } from '@/hooks/use-me';
import { OPEN_ALERT_STATUSES, OPEN_TICKET_STATUSES, useCriticalAlerts, useOfflineDevices, usePartnerDashboard } from '@/hooks/use-dashboard';
import { useMonitorDashboard } from '@/hooks/use-monitors';
import { formatRelative } from '@/lib/client/format';
import { ChartView } from '@/components/ui/chart';
import { Card, EmptyState, ErrorText } from '@/components/ui/controls';

const LINK = 'font-medium text-brand-700 hover:underline dark:text-brand-300';

/** One group of the "needs attention" card: a heading, up to five rows, a link to the full list. */
function AttentionGroup({ title, testId, seeAll, rows, empty }: { title: string; testId: string; seeAll: string; rows: { key: string; href: string; label: string; detail: string }[] | undefined; empty: string }) {
  return (
    <section aria-label={title} data-testid={testId} className="min-w-0">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        <Link href={seeAll} className={`text-xs ${LINK}`}>
          See all<span className="sr-only"> {title.toLowerCase()}</span>
        </Link>
      </div>
      {rows === undefined ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-1.5 text-sm">
          {rows.map((r) => (
            <li key={r.key} className="flex min-w-0 items-baseline justify-between gap-2">
              <Link href={r.href} className={`min-w-0 truncate ${LINK}`}>
                {r.label}
              </Link>
              <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{r.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MonitorsDown() {
  const monitors = useMonitorDashboard();
  return (
    <AttentionGroup
      title="Monitors down"
      testId="attention-monitors"
      seeAll="/alerts/monitors?status=down"
      empty="Every monitor is up."
      rows={monitors.data?.down.slice(0, 5).map((m) => ({ key: m.id, href: `/alerts/monitors/${m.id}`, label: m.name, detail: m.lastCheckedAt ? `checked ${formatRelative(m.lastCheckedAt)}` : m.kind }))}
    />
  );
}

/** Offline devices, open critical alerts and monitors that are down, each linking to its list. */
function NeedsAttention() {
  const canDevices = useCan('devices:read');
  const canAlerts = useCan('alerts:read');
  const offline = useOfflineDevices(canDevices);
  const critical = useCriticalAlerts(canAlerts);
  if (!canDevices && !canAlerts) return null;
  return (
    <Card title="Needs attention">
      <div className="grid gap-6 md:grid-cols-3">
        {canDevices && (
          <AttentionGroup
            title="Offline devices"
            testId="attention-offline"
            seeAll="/devices?status=offline"
            empty="No device is offline."
            rows={offline.data?.devices.map((dv) => ({ key: dv.id, href: `/devices/${dv.id}`, label: dv.displayName ?? dv.hostname, detail: dv.lastSeenAt ? `seen ${formatRelative(dv.lastSeenAt)}` : 'never seen' }))}
          />
        )}
        {canAlerts && (
          <AttentionGroup
            title="Critical alerts"
            testId="attention-alerts"
            seeAll={`/alerts?status=${OPEN_ALERT_STATUSES}&severity=critical`}
            empty="No open critical alert."
            rows={critical.data?.data.map((a) => ({ key: a.id, href: `/alerts/${a.id}`, label: a.title, detail: formatRelative(a.triggeredAt) }))}
          />
        )}
        {canDevices && <MonitorsDown />}
      </div>
    </Card>
  );
}

function Stat({ label, value, href, testId }: { label: string; value: number | string | undefined; href?: string; testId?: string }) {
  const body = (
    <>
      <div className="text-sm text-slate-600 dark:text-slate-400">{label}</div>
      <div className="mt-1 text-3xl font-semibold" data-testid={testId}>
        {value ?? '—'}
      </div>
    </>
  );
  const cls = 'block rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';
  return href ? (
    <Link href={href} className={`${cls} hover:border-brand-500`}>
      {body}
    </Link>
  ) : (
    <div className={cls}>{body}</div>
  );
}

const SEVERITY_COLORS = '#dc2626,#ea580c,#d97706,#2563eb,#64748b';
const STATUS_LABELS = { new: 'New', open: 'Open', pending: 'Pending', on_hold: 'On hold', resolved: 'Resolved', closed: 'Closed' } as const;

export function DashboardOverview() {
  const me = useMe();
  const dash = usePartnerDashboard();
  const d = dash.data;

  const fleet = useMemo(() => (d?.devices ? [{ label: 'Devices', data: [d.devices.online, d.devices.offline, d.devices.pending, d.devices.uninstalled], color: '#16a34a,#dc2626,#d97706,#64748b' }] : []), [d]);
  const orgBars = useMemo(
    () =>
      d?.devices
        ? [
            { label: 'Online', data: d.devices.byOrganization.map((o) => o.online), color: '#16a34a' },
            { label: 'Offline', data: d.devices.byOrganization.map((o) => o.offline), color: '#dc2626' },
            { label: 'Other', data: d.devices.byOrganization.map((o) => o.total - o.online - o.offline), color: '#94a3b8' },
          ]
        : [],
    [d],
  );
  const orgLabels = useMemo(() => d?.devices?.byOrganization.map((o) => o.name) ?? [], [d]);
  const tickets = useMemo(() => (d?.tickets ? [{ label: 'Tickets', data: Object.keys(STATUS_LABELS).map((k) => d.tickets!.byStatus[k as keyof typeof STATUS_LABELS]), color: '#2f6fed' }] : []), [d]);
  const ticketLabels = useMemo(() => Object.values(STATUS_LABELS), []);
  const alerts = useMemo(() => (d?.alerts ? [{ label: 'Open alerts', data: Object.values(d.alerts.bySeverity), color: SEVERITY_COLORS }] : []), [d]);
  const fleetLabels = useMemo(() => ['Online', 'Offline', 'Pending', 'Uninstalled'], []);
  const severityLabels = useMemo(() => ['Critical', 'High', 'Medium', 'Low', 'Info'], []);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Welcome{me.data ? `, ${me.data.name}` : ''}</h1>
      <ErrorText error={dash.error} />
      {d && d.organizations.total === 0 && (
        <section className="rounded-lg border border-dashed border-brand-500 bg-brand-50 p-6 dark:bg-slate-900" aria-labelledby="first-org">
          <h2 id="first-org" className="text-lg font-medium">
            Create your first organization
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Organizations hold your customers’ sites and devices. Start with one to enroll devices.</p>
          <Link href="/organizations?create=1" className="mt-4 inline-block rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
            Create organization
          </Link>
        </section>
      )}
      <div className="grid grid-cols-2 gap-4 md:grid-cols-5">
        <Stat label="Organizations" value={d?.organizations.total} href="/organizations" testId="org-count" />
        <Stat label="Devices online" value={d?.devices ? `${d.devices.online} / ${d.devices.total}` : undefined} href="/devices?status=online" testId="devices-online" />
        <Stat label="Devices offline" value={d?.devices?.offline} href="/devices?status=offline" testId="devices-offline" />
        <Stat label="Open alerts" value={d?.alerts?.open} href={`/alerts?status=${OPEN_ALERT_STATUSES}`} testId="alerts-open" />
        <Stat label="Open tickets" value={d?.tickets?.open} href={`/tickets?status=${OPEN_TICKET_STATUSES}`} testId="tickets-open" />
      </div>
      {d?.devices && d.devices.total === 0 && d.organizations.total > 0 && (
        <EmptyState title="No devices yet" action={<Link href="/enrollment-keys?create=1" className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">Create an enrollment key</Link>}>
          Create an enrollment key and run its install command on a computer to see it here.
        </EmptyState>
      )}
      <NeedsAttention />
      <div className="grid gap-4 md:grid-cols-2">
        {d?.devices && d.devices.total > 0 && (
          <Card title="Fleet status">
            <ChartView type="doughnut" labels={fleetLabels} series={fleet} label="Devices by status" />
          </Card>
        )}
        {d?.devices && d.devices.byOrganization.length > 0 && (
          <Card title="Devices by organization">
            <ChartView type="bar" labels={orgLabels} series={orgBars} label="Devices by organization and status" stacked />
          </Card>
        )}
        {d?.tickets && (
          <Card title="Tickets by status">
            <ChartView type="bar" labels={ticketLabels} series={tickets} label="Tickets by status" />
          </Card>
        )}
        <Card title="Open alerts by severity">
          {d?.alerts ? (
            d.alerts.open > 0 ? (
              <ChartView type="doughnut" labels={severityLabels} series={alerts} label="Open alerts by severity" />
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">No open alerts. Alert rules raise them from heartbeats, offline devices and failed scripts.</p>
            )
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">Alerts are not visible to your role.</p>
          )}
        </Card>
      </div>
      {d && <p className="text-xs text-slate-600 dark:text-slate-400">Updated {new Date(d.generatedAt).toLocaleTimeString()} · refreshes every 30 seconds</p>}
    </div>
  );
}
