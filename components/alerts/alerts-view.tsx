'use client';

// The alerts inbox: filter, then acknowledge, suppress, resolve or dismiss. A 409 (someone or the
// auto-resolve sweep moved the alert first) is explained with who did it, and the list refreshes.
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { ALERT_SEVERITIES, ALERT_STATUSES, useAlertAction, useAlerts, userName, type Alert, type AlertAction } from '@/hooks/use-alerts';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { ApiError } from '@/lib/client/api-client';
import { formatDate, formatRelative } from '@/lib/client/format';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Badge, EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager, StatusBadge, type Tone } from '@/components/ui/controls';

const SEVERITY_TONE: Record<string, Tone> = { critical: 'red', high: 'red', medium: 'amber', low: 'blue', info: 'slate' };
const ALLOWED: Record<AlertAction, Alert['status'][]> = {
  acknowledge: ['active'],
  suppress: ['active', 'acknowledged', 'suppressed'],
  resolve: ['active', 'acknowledged', 'suppressed'],
  dismiss: ['active', 'acknowledged', 'suppressed', 'resolved'],
};
const PAST: Record<AlertAction, string> = { acknowledge: 'acknowledged', suppress: 'suppressed', resolve: 'resolved', dismiss: 'dismissed' };
const LABELS: Record<AlertAction, string> = { acknowledge: 'Acknowledge', suppress: 'Suppress', resolve: 'Resolve', dismiss: 'Dismiss' };

async function explainConflict(err: ApiError, action: AlertAction): Promise<string> {
  const d = (err.details ?? {}) as Record<string, unknown>;
  const status = String(d.status ?? 'changed');
  const byId = (d.acknowledgedBy ?? d.dismissedBy ?? d.resolvedBy) as string | null | undefined;
  const when = (d.acknowledgedAt ?? d.dismissedAt ?? d.resolvedAt) as string | undefined;
  let who = d.resolvedBySystem ? 'the system (the condition cleared)' : byId ? ((await userName(byId)) ?? 'another user') : 'someone else';
  if (status === 'active') who = 'someone else';
  return `Could not ${action}: already ${status} by ${who}${when ? ` ${formatRelative(when)}` : ''}. The list has been refreshed.`;
}

export function AlertsView() {
  const params = useSearchParams();
  const { orgId } = useCurrentOrg();
  const orgs = useAllOrganizations();
  const canWrite = useCan('alerts:write');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState(params.get('status') ?? 'active,acknowledged,suppressed');
  const [severity, setSeverity] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const alerts = useAlerts({ page, status: status || undefined, severity: severity || undefined, orgId: orgId ?? undefined });
  const act = useAlertAction();
  const orgName = (id: string) => orgs.data?.find((o) => o.id === id)?.name ?? '—';

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
  return (
    <div className="space-y-4">
      <PageHeader title="Alerts" description={alerts.data ? `${alerts.data.pagination.total} alert${alerts.data.pagination.total === 1 ? '' : 's'}` : undefined} />
      <div className="flex flex-wrap gap-2" role="search" aria-label="Filter alerts">
        <select aria-label="Status" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }} className={`${INPUT_CLASS} w-auto`}>
          <option value="active,acknowledged,suppressed">Open</option>
          {ALERT_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
          <option value="">All but dismissed</option>
        </select>
        <select aria-label="Severity" value={severity} onChange={(e) => { setSeverity(e.target.value); setPage(1); }} className={`${INPUT_CLASS} w-auto`}>
          <option value="">Any severity</option>
          {ALERT_SEVERITIES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </div>
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'} data-testid="alert-notice" className={`rounded-md p-2 text-sm ${notice.ok ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100'}`}>
          {notice.text}
        </p>
      )}
      <ErrorText error={alerts.error} />
      {alerts.data && rows.length === 0 && <EmptyState title="No alerts here">Nothing matches these filters. Alert rules raise alerts from device heartbeats, offline devices and script results.</EmptyState>}
      {rows.length > 0 && (
        <ul className="space-y-2" aria-label="Alerts">
          {rows.map((a) => (
            <li key={a.id} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900" data-testid="alert-row">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={SEVERITY_TONE[a.severity]}>{a.severity}</Badge>
                <StatusBadge status={a.status} />
                <Link href={`/alerts/${a.id}`} className="font-medium hover:underline">{a.title}</Link>
                <span className="ml-auto text-xs text-slate-500" title={formatDate(a.triggeredAt)}>
                  {formatRelative(a.triggeredAt)}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{a.message}</p>
              <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-slate-500">
                <span>{orgName(a.orgId)}</span>
                {a.deviceId && (
                  <Link href={`/devices/${a.deviceId}`} className="text-brand-700 hover:underline dark:text-brand-100">
                    Device
                  </Link>
                )}
                {a.resolutionNote && <span>Note: {a.resolutionNote}</span>}
                {canWrite && (
                  <span className="ml-auto flex gap-2">
                    {(Object.keys(LABELS) as AlertAction[])
                      .filter((action) => ALLOWED[action].includes(a.status))
                      .map((action) => (
                        <button
                          key={action}
                          type="button"
                          disabled={act.isPending}
                          onClick={() => void run(a, action)}
                          className="rounded-md border border-slate-300 px-2.5 py-1 font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
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
      {alerts.data && <Pager page={page} total={alerts.data.pagination.total} limit={50} onPage={setPage} />}
    </div>
  );
}
