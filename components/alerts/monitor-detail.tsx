'use client';

// One monitor: status, "test" (dry run, nothing stored) and "check now" (recorded like a
// scheduled check, may raise or resolve the alert), recent results and alerts, edit, delete.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { MONITOR_KIND_LABELS, useDeleteMonitor, useMonitor, useMonitorAlerts, useMonitorCheck, useMonitorResults, type CheckResult } from '@/hooks/use-monitors';
import { useCan } from '@/hooks/use-me';
import { formatDate, formatRelative } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, ErrorText, PageHeader, Pager, StatusBadge } from '@/components/ui/controls';
import { MonitorForm } from '@/components/alerts/monitor-form';
import { MonitorStatus, monitorTarget } from '@/components/alerts/monitors-view';
import { ConfirmButton, messageOf, SeverityBadge, useScopeName } from '@/components/alerts/alert-config-shared';
import { FormError } from '@/components/ui/form-error';

function Outcome({ title, r }: { title: string; r: CheckResult }) {
  return (
    <div role="status" data-testid="monitor-check-result" className={`rounded-md p-3 text-sm ${r.status === 'up' ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200'}`}>
      <p className="font-medium">
        {title}: {r.status}
        {r.latencyMs !== null && ` in ${r.latencyMs} ms`}
      </p>
      <p>{r.message}</p>
    </div>
  );
}

export function MonitorDetail({ id }: { id: string }) {
  const monitor = useMonitor(id);
  const canWrite = useCan('devices:write');
  const canAlerts = useCan('alerts:read');
  const alerts = useMonitorAlerts(id, canAlerts);
  const { test, check } = useMonitorCheck(id);
  const [page, setPage] = useState(1);
  const results = useMonitorResults(id, page);
  const remove = useDeleteMonitor();
  const router = useRouter();
  const scopeName = useScopeName();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<{ title: string; r: CheckResult } | null>(null);
  const m = monitor.data;
  useBreadcrumbLabel(id, m?.name);

  if (monitor.isError) return <ErrorText error={monitor.error} />;
  if (!m) return <p role="status">Loading…</p>;

  const run = (which: 'test' | 'check') => {
    setError(null);
    if (which === 'test') test.mutate(undefined, { onSuccess: (r) => setLast({ title: 'Test (not recorded)', r }), onError: (e) => setError(messageOf(e)) });
    else check.mutate(undefined, { onSuccess: (r) => setLast({ title: 'Check recorded', r: r.result }), onError: (e) => setError(messageOf(e)) });
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title={m.name}
        description={`${MONITOR_KIND_LABELS[m.kind]} · ${monitorTarget(m)} · ${scopeName(m.orgId)}`}
        actions={
          <>
            <MonitorStatus m={m} />
            <Button variant="secondary" disabled={test.isPending} onClick={() => run('test')}>
              {test.isPending ? 'Testing…' : 'Test'}
            </Button>
            {canWrite && (
              <>
                <Button disabled={check.isPending} onClick={() => run('check')}>
                  {check.isPending ? 'Checking…' : 'Check now'}
                </Button>
                {!editing && (
                  <Button variant="secondary" onClick={() => setEditing(true)}>
                    Edit
                  </Button>
                )}
                <ConfirmButton
                  label="Delete"
                  title={`Delete monitor ${m.name}?`}
                  confirmLabel="Delete monitor"
                  busy={remove.isPending}
                  onConfirm={() => remove.mutateAsync(id).then(() => router.push('/alerts/monitors'), (e) => setError(messageOf(e)))}
                >
                  Its results are deleted; an open alert is resolved and kept.
                </ConfirmButton>
              </>
            )}
          </>
        }
      />
      <FormError message={error} />
      {last && <Outcome title={last.title} r={last.r} />}
      {editing ? (
        <MonitorForm monitor={m} onDone={() => setEditing(false)} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          <Card title="Settings">
            <dl className="space-y-1 text-sm">
              <div className="flex gap-2"><dt className="w-32 text-slate-500">Every</dt><dd>{m.intervalSeconds} s</dd></div>
              <div className="flex gap-2"><dt className="w-32 text-slate-500">Timeout</dt><dd>{m.timeoutMs} ms</dd></div>
              <div className="flex gap-2"><dt className="w-32 text-slate-500">Alert after</dt><dd>{m.failureThreshold} failure(s)</dd></div>
              <div className="flex gap-2"><dt className="w-32 text-slate-500">Severity</dt><dd><SeverityBadge severity={m.severity} /></dd></div>
              <div className="flex gap-2"><dt className="w-32 text-slate-500">Failing for</dt><dd>{m.consecutiveFailures} check(s)</dd></div>
              <div className="flex gap-2"><dt className="w-32 text-slate-500">Last check</dt><dd>{formatRelative(m.lastCheckedAt)}</dd></div>
              <div className="flex gap-2"><dt className="w-32 text-slate-500">Next check</dt><dd>{m.enabled ? formatDate(m.nextCheckAt) : 'paused'}</dd></div>
              {m.lastMessage && <div className="flex gap-2"><dt className="w-32 text-slate-500">Last message</dt><dd className="min-w-0 break-words">{m.lastMessage}</dd></div>}
            </dl>
          </Card>
          <Card title="Recent results" className="lg:col-span-2">
            <ErrorText error={results.error} />
            {results.data && results.data.data.length === 0 && <EmptyState title="No results yet">The worker checks it on schedule; “Check now” runs one immediately.</EmptyState>}
            {results.data && results.data.data.length > 0 && (
              <div className="overflow-x-auto">
                <table className="w-full text-sm" data-testid="monitor-results">
                  <thead className="text-left text-slate-500">
                    <tr>
                      <th className="py-1 pr-3 font-medium">When</th>
                      <th className="py-1 pr-3 font-medium">Status</th>
                      <th className="py-1 pr-3 font-medium">Latency</th>
                      <th className="py-1 font-medium">Message</th>
                    </tr>
                  </thead>
                  <tbody>
                    {results.data.data.map((r) => (
                      <tr key={r.id} className="border-t border-slate-100 dark:border-slate-800">
                        <td className="py-1 pr-3 whitespace-nowrap text-slate-500">{formatDate(r.checkedAt)}</td>
                        <td className="py-1 pr-3"><Badge tone={r.status === 'up' ? 'green' : 'red'}>{r.status}</Badge></td>
                        <td className="py-1 pr-3">{r.latencyMs === null ? '—' : `${r.latencyMs} ms`}</td>
                        <td className="py-1 text-slate-500">{r.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {results.data && <Pager page={page} total={results.data.pagination.total} limit={25} onPage={setPage} />}
          </Card>
        </div>
      )}
      {canAlerts && (
        <Card title="Alerts from this monitor">
          {alerts.data && alerts.data.data.length === 0 && <p className="text-sm text-slate-500">None: it has not failed {m.failureThreshold} time(s) in a row.</p>}
          {alerts.data && alerts.data.data.length > 0 && (
            <ul className="space-y-1 text-sm">
              {alerts.data.data.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={a.status} />
                  <SeverityBadge severity={a.severity} />
                  <span>{a.title}</span>
                  <span className="text-slate-500">{formatRelative(a.triggeredAt)}</span>
                </li>
              ))}
              <li>
                <Link className="text-brand-700 hover:underline dark:text-brand-100" href="/alerts">
                  Open the alerts inbox
                </Link>
              </li>
            </ul>
          )}
        </Card>
      )}
    </div>
  );
}
