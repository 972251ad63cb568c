'use client';

// One alert (where notifications and channel messages link): what triggered it, its history,
// the rule, monitor or device behind it, and the same actions as the inbox.
import Link from 'next/link';
import { useState } from 'react';
import { useAlert, useAlertAction, useOpenAlertPsaTicket, type Alert, type AlertAction } from '@/hooks/use-alerts';
import { useCan } from '@/hooks/use-me';
import { ApiError } from '@/lib/client/api-client';
import { formatDate } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Card, ErrorText, PageHeader, StatusBadge } from '@/components/ui/controls';
import { SeverityBadge, useScopeName } from '@/components/alerts/alert-config-shared';
import { FormError } from '@/components/ui/form-error';

const ALLOWED: Record<AlertAction, Alert['status'][]> = {
  acknowledge: ['active'],
  suppress: ['active', 'acknowledged', 'suppressed'],
  resolve: ['active', 'acknowledged', 'suppressed'],
  dismiss: ['active', 'acknowledged', 'suppressed', 'resolved'],
};
const LABELS: Record<AlertAction, string> = { acknowledge: 'Acknowledge', suppress: 'Suppress', resolve: 'Resolve', dismiss: 'Dismiss' };

export function AlertDetail({ id }: { id: string }) {
  const alert = useAlert(id);
  const act = useAlertAction();
  const canWrite = useCan('alerts:write');
  const canTicket = useCan('tickets:write');
  const toPsa = useOpenAlertPsaTicket();
  const scopeName = useScopeName();
  const [error, setError] = useState<string | null>(null);
  const a = alert.data;
  useBreadcrumbLabel(id, a?.title);

  if (alert.isError) return <ErrorText error={alert.error} />;
  if (!a) return <p role="status">Loading…</p>;

  const history: [string, string | null][] = [
    ['Triggered', a.triggeredAt],
    ['Escalated', a.escalatedAt],
    ['Acknowledged', a.acknowledgedAt],
    ['Suppressed', a.suppressedAt],
    ['Resolved', a.resolvedAt],
    ['Dismissed', a.dismissedAt],
  ];
  return (
    <div className="space-y-4">
      <PageHeader
        title={a.title}
        description={a.message}
        actions={
          <>
            <SeverityBadge severity={a.severity} />
            <StatusBadge status={a.status} />
            {canWrite &&
              (Object.keys(LABELS) as AlertAction[])
                .filter((action) => ALLOWED[action].includes(a.status))
                .map((action) => (
                  <Button
                    key={action}
                    variant={action === 'acknowledge' ? 'primary' : 'secondary'}
                    disabled={act.isPending}
                    onClick={() => {
                      setError(null);
                      const note = action === 'resolve' ? (prompt('Resolution note (optional)') ?? undefined) : undefined;
                      act.mutate({ id, action, note }, { onError: (e) => setError(e instanceof ApiError ? e.message : 'The action failed'), onSettled: () => void alert.refetch() });
                    }}
                  >
                    {LABELS[action]}
                  </Button>
                ))}
          </>
        }
      />
      <FormError message={error} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Source">
          <dl className="space-y-1 text-sm">
            <div className="flex gap-2"><dt className="w-32 text-slate-500">Organization</dt><dd>{scopeName(a.orgId)}</dd></div>
            <div className="flex gap-2"><dt className="w-32 text-slate-500">Raised by</dt><dd>{a.source}</dd></div>
            {a.ruleId && <div className="flex gap-2"><dt className="w-32 text-slate-500">Rule</dt><dd><Link className="text-brand-700 hover:underline dark:text-brand-100" href={`/alerts/rules/${a.ruleId}`}>Open the rule</Link></dd></div>}
            {a.monitorId && <div className="flex gap-2"><dt className="w-32 text-slate-500">Monitor</dt><dd><Link className="text-brand-700 hover:underline dark:text-brand-100" href={`/alerts/monitors/${a.monitorId}`}>Open the monitor</Link></dd></div>}
            {a.deviceId && <div className="flex gap-2"><dt className="w-32 text-slate-500">Device</dt><dd><Link className="text-brand-700 hover:underline dark:text-brand-100" href={`/devices/${a.deviceId}`}>Open the device</Link></dd></div>}
            {a.correlationGroupId && <div className="flex gap-2"><dt className="w-32 text-slate-500">Correlated</dt><dd>Grouped with related alerts (see Templates → Correlation groups)</dd></div>}
            {a.resolutionNote && <div className="flex gap-2"><dt className="w-32 text-slate-500">Note</dt><dd>{a.resolutionNote}</dd></div>}
            {a.psaTicket && (
              <div className="flex gap-2">
                <dt className="w-32 text-slate-500">PSA ticket</dt>
                <dd>
                  {a.psaTicket.externalId ? (
                    a.psaTicket.url ? (
                      <a href={a.psaTicket.url} target="_blank" rel="noreferrer" className="text-brand-700 hover:underline dark:text-brand-100">
                        #{a.psaTicket.externalId}
                      </a>
                    ) : (
                      `#${a.psaTicket.externalId}`
                    )
                  ) : a.psaTicket.status === 'failed' ? (
                    'Not opened'
                  ) : (
                    'Opening…'
                  )}
                  {a.psaTicket.resolution && <span className="ml-2 text-slate-500">({a.psaTicket.resolution === 'closed' ? 'closed on resolve' : a.psaTicket.resolution === 'noted' ? 'resolution noted' : a.psaTicket.resolution})</span>}
                  {a.psaTicket.lastError && <span className="block text-xs text-red-600">{a.psaTicket.lastError}</span>}
                  {a.psaTicket.status === 'failed' && canTicket && (
                    <Button variant="secondary" className="mt-1" disabled={toPsa.isPending} onClick={() => toPsa.mutate(id, { onError: (e) => setError(e instanceof ApiError ? e.message : 'Could not open a PSA ticket') })}>
                      Try again
                    </Button>
                  )}
                </dd>
              </div>
            )}
          </dl>
          {Object.keys(a.context ?? {}).length > 0 && <pre className="mt-3 max-h-56 overflow-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{JSON.stringify(a.context, null, 2)}</pre>}
        </Card>
        <Card title="History">
          <dl className="space-y-1 text-sm">
            {history
              .filter(([, at]) => at)
              .map(([label, at]) => (
                <div key={label} className="flex gap-2">
                  <dt className="w-32 text-slate-500">{label}</dt>
                  <dd>{formatDate(at)}</dd>
                </div>
              ))}
            {a.resolvedBySystem && <p className="text-slate-500">Resolved by the system when the condition cleared.</p>}
          </dl>
        </Card>
      </div>
    </div>
  );
}
