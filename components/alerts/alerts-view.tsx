'use client';

// The alerts inbox: filter (kept in the URL), then acknowledge, suppress, resolve or dismiss, one
// alert or a selection at once, or open a ticket linked to an alert. A 409 (someone or the
// auto-resolve sweep moved the alert first) is explained with who did it, and the list refreshes.
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { ALERT_SEVERITIES, ALERT_STATUSES, useAlertAction, useAlerts, useBulkAlertAction, useCreateTicketFromAlert, useOpenAlertPsaTicket, userName, type Alert, type AlertAction } from '@/hooks/use-alerts';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useDeviceNames } from '@/hooks/use-devices';
import { useCan, useMe } from '@/hooks/use-me';
import { useMyPartner } from '@/hooks/use-partner';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { ApiError } from '@/lib/client/api-client';
import { formatDate, formatRelative } from '@/lib/client/format';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Button } from '@/components/ui/button';
import { Badge, EmptyState, ErrorText, FilterBar, INLINE_INPUT_CLASS, PageHeader, Pager, StatusBadge, type Tone } from '@/components/ui/controls';

const SEVERITY_TONE: Record<string, Tone> = { critical: 'red', high: 'red', medium: 'amber', low: 'blue', info: 'slate' };
const ALLOWED: Record<AlertAction, Alert['status'][]> = {
  acknowledge: ['active'],
  suppress: ['active', 'acknowledged', 'suppressed'],
  resolve: ['active', 'acknowledged', 'suppressed'],
  dismiss: ['active', 'acknowledged', 'suppressed', 'resolved'],
};
const PAST: Record<AlertAction, string> = { acknowledge: 'acknowledged', suppress: 'suppressed', resolve: 'resolved', dismiss: 'dismissed' };
const LABELS: Record<AlertAction, string> = { acknowledge: 'Acknowledge', suppress: 'Suppress', resolve: 'Resolve', dismiss: 'Dismiss' };
const BULK_ACTIONS: AlertAction[] = ['acknowledge', 'resolve', 'suppress'];
const OPEN = 'active,acknowledged,suppressed';
const FILTER_DEFAULTS = { status: OPEN, severity: '', device: '', page: '1' };
const ACTION_BUTTON = 'rounded-md border border-slate-300 px-2.5 py-1 font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';

async function explainConflict(err: ApiError, action: AlertAction): Promise<string> {
  const d = (err.details ?? {}) as Record<string, unknown>;
  const status = String(d.status ?? 'changed');
  const byId = (d.acknowledgedBy ?? d.dismissedBy ?? d.resolvedBy) as string | null | undefined;
  const when = (d.acknowledgedAt ?? d.dismissedAt ?? d.resolvedAt) as string | undefined;
  let who = d.resolvedBySystem ? 'the system (the condition cleared)' : byId ? ((await userName(byId)) ?? 'another user') : 'someone else';
  if (status === 'active') who = 'someone else';
  return `Could not ${action}: already ${status} by ${who}${when ? ` ${formatRelative(when)}` : ''}. The list has been refreshed.`;
}

type Notice = { ok: boolean; text: string; link?: { href: string; label: string } };

export function AlertsView() {
  const { orgId } = useCurrentOrg();
  const orgs = useAllOrganizations();
  const canWrite = useCan('alerts:write');
  const canTicket = useCan('tickets:write');
  const [filters, setFilters] = useUrlFilters(FILTER_DEFAULTS);
  const { status, severity, device } = filters;
  const page = Math.max(1, Number(filters.page) || 1);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const alerts = useAlerts({ page, status: status || undefined, severity: severity || undefined, orgId: orgId ?? undefined, deviceId: device || undefined });
  const deviceName = useDeviceNames(device ? [device] : []);
  const act = useAlertAction();
  const bulk = useBulkAlertAction();
  const toTicket = useCreateTicketFromAlert();
  const toPsa = useOpenAlertPsaTicket();
  const me = useMe();
  // External service management: "Create ticket" opens the ticket in the partner's PSA.
  const external = useMyPartner(me.data?.scope === 'partner').data?.serviceManagementMode === 'external';
  const orgName = (id: string) => orgs.data?.find((o) => o.id === id)?.name ?? '—';
  useEffect(() => setSelected(new Set()), [status, severity, device, page, orgId]);

  async function runBulk(action: AlertAction) {
    setNotice(null);
    try {
      const res = await bulk.mutateAsync({ action, alertIds: [...selected] });
      const reasons = [...new Set(res.results.filter((r) => !r.ok).map((r) => r.error?.message ?? `status ${r.status}`))];
      setNotice({ ok: res.failed === 0, text: `${res.succeeded} ${PAST[action]}${res.failed ? `, ${res.failed} not (${reasons.join('; ')})` : ''}.` });
      setSelected(new Set(res.results.filter((r) => !r.ok).map((r) => r.id)));
    } catch (err) {
      setNotice({ ok: false, text: err instanceof ApiError ? err.message : 'The bulk action failed' });
    }
  }

  async function openTicket(alert: Alert) {
    setNotice(null);
    if (external) {
      try {
        const t = await toPsa.mutateAsync(alert.id);
        if (t.externalId) setNotice({ ok: true, text: `PSA ticket #${t.externalId} tracks “${alert.title}”.`, link: { href: `/alerts/${alert.id}`, label: 'See the alert' } });
        else setNotice({ ok: true, text: `A ticket is being opened in your PSA for “${alert.title}”.`, link: { href: `/alerts/${alert.id}`, label: 'See the alert' } });
      } catch (err) {
        setNotice({ ok: false, text: err instanceof ApiError ? err.message : 'Could not open a PSA ticket' });
      }
      return;
    }
    try {
      const t = await toTicket.mutateAsync(alert.id);
      setNotice({ ok: true, text: `Ticket #${t.number} opened for “${alert.title}”.`, link: { href: `/tickets/${t.id}`, label: `Open ticket #${t.number}` } });
    } catch (err) {
      const d = (err instanceof ApiError && err.code === 'TICKET_EXISTS' ? err.details : null) as { ticketId?: string; number?: number } | null;
      if (d?.ticketId) setNotice({ ok: false, text: `Ticket #${d.number} already tracks “${alert.title}”.`, link: { href: `/tickets/${d.ticketId}`, label: `Open ticket #${d.number}` } });
      else setNotice({ ok: false, text: err instanceof ApiError ? err.message : 'Could not open a ticket' });
    }
  }

  async function run(alert: Alert, action: AlertAction) {
    setNotice(null);
    let note: string | undefined;
    if (action === 'resolve') note = prompt('Resolution note (optional)') ?? undefined;
    try {
      await act.mutateAsync({ id: alert.id, action, note });
      setNotice({ ok: true, text: `“${alert.title}” ${PAST[action]}.` });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setNotice({ ok: false, text: await explainConflict(err, action) });
      else setNotice({ ok: false, text: err instanceof ApiError ? err.message : 'The action failed' });
    }
  }

  const rows = alerts.data?.data ?? [];
  const allSelected = rows.length > 0 && rows.every((a) => selected.has(a.id));
  return (
    <div className="space-y-4">
      <PageHeader title="Alerts" description={alerts.data ? `${alerts.data.pagination.total} alert${alerts.data.pagination.total === 1 ? '' : 's'}` : undefined} />
      <FilterBar label="Filter alerts">
        <select aria-label="Status" value={status} onChange={(e) => setFilters({ status: e.target.value, page: '1' })} className={INLINE_INPUT_CLASS}>
          <option value={OPEN}>Open</option>
          {ALERT_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
          <option value="">All but dismissed</option>
        </select>
        <select aria-label="Severity" value={severity} onChange={(e) => setFilters({ severity: e.target.value, page: '1' })} className={INLINE_INPUT_CLASS}>
          <option value="">Any severity</option>
          {ALERT_SEVERITIES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        {device && (
          <span className="inline-flex items-center gap-2 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm dark:bg-slate-800">
            Device: {deviceName.data?.[device] ?? '…'}
            <button type="button" onClick={() => setFilters({ device: '', page: '1' })} className="rounded-full px-2 hover:bg-slate-200 dark:hover:bg-slate-700" aria-label="Show alerts of every device">
              ✕
            </button>
          </span>
        )}
        {canWrite && rows.length > 0 && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((a) => a.id)))} />
            Select all on this page
          </label>
        )}
      </FilterBar>
      {canWrite && selected.size > 0 && (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-brand-500 bg-brand-50 px-3 py-2 text-sm dark:bg-slate-900" role="region" aria-label="Bulk actions">
          <span>{selected.size} selected</span>
          {BULK_ACTIONS.map((action) => (
            <Button key={action} variant="secondary" disabled={bulk.isPending} onClick={() => void runBulk(action)}>
              {LABELS[action]} selected
            </Button>
          ))}
          <Button variant="secondary" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      )}
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'} data-testid="alert-notice" className={`rounded-md p-2 text-sm ${notice.ok ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100'}`}>
          {notice.text}
          {notice.link && (
            <>
              {' '}
              <Link href={notice.link.href} className="font-medium underline">
                {notice.link.label}
              </Link>
            </>
          )}
        </p>
      )}
      <ErrorText error={alerts.error} />
      {alerts.data && rows.length === 0 && <EmptyState title="No alerts here">Nothing matches these filters. Alert rules raise alerts from device heartbeats, offline devices and script results.</EmptyState>}
      {rows.length > 0 && (
        <ul className="space-y-2" aria-label="Alerts">
          {rows.map((a) => (
            <li key={a.id} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900" data-testid="alert-row">
              <div className="flex flex-wrap items-center gap-2">
                {canWrite && (
                  <input
                    type="checkbox"
                    aria-label={`Select ${a.title}`}
                    checked={selected.has(a.id)}
                    onChange={() =>
                      setSelected((cur) => {
                        const next = new Set(cur);
                        if (next.has(a.id)) next.delete(a.id);
                        else next.add(a.id);
                        return next;
                      })
                    }
                  />
                )}
                <Badge tone={SEVERITY_TONE[a.severity]}>{a.severity}</Badge>
                <StatusBadge status={a.status} />
                <Link href={`/alerts/${a.id}`} className="min-w-0 font-medium break-words hover:underline">{a.title}</Link>
                <span className="ml-auto text-xs text-slate-500" title={formatDate(a.triggeredAt)}>
                  {formatRelative(a.triggeredAt)}
                </span>
              </div>
              <p className="mt-1 text-sm break-words text-slate-600 dark:text-slate-400">{a.message}</p>
              <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-slate-500">
                <span>{orgName(a.orgId)}</span>
                {a.deviceId && (
                  <Link href={`/devices/${a.deviceId}`} className="text-brand-700 hover:underline dark:text-brand-100">
                    Device
                  </Link>
                )}
                {a.resolutionNote && <span>Note: {a.resolutionNote}</span>}
                {(canWrite || canTicket) && (
                  <span className="ml-auto flex flex-wrap gap-2">
                    {canTicket && (
                      <button type="button" disabled={toTicket.isPending || toPsa.isPending} onClick={() => void openTicket(a)} className={ACTION_BUTTON} aria-label={`Create ticket from ${a.title}`}>
                        Create ticket
                      </button>
                    )}
                    {(Object.keys(LABELS) as AlertAction[])
                      .filter((action) => canWrite && ALLOWED[action].includes(a.status))
                      .map((action) => (
                        <button
                          key={action}
                          type="button"
                          disabled={act.isPending}
                          onClick={() => void run(a, action)}
                          className={ACTION_BUTTON}
                          aria-label={`${LABELS[action]} ${a.title}`}
                        >
                          {LABELS[action]}
                        </button>
                      ))}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {alerts.data && <Pager page={page} total={alerts.data.pagination.total} limit={50} onPage={(p) => setFilters({ page: String(p) })} />}
    </div>
  );
}
