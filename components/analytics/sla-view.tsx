'use client';

// SLA definitions and, for the one picked, its compliance over the last 30 days: met share per
// day (chart), totals and per organization.
import { useState } from 'react';
import { useDeleteSla, useSlaCompliance, useSlas, type Sla } from '@/hooks/use-analytics';
import { useCan } from '@/hooks/use-me';
import { messageOf } from '@/lib/client/field-errors';
import { formatPercent } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { ChartView } from '@/components/ui/chart';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Card, EmptyState, ErrorText } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { AnalyticsPage } from '@/components/analytics/analytics-page';
import { SlaForm } from '@/components/analytics/sla-form';

const CELL = 'px-4 py-2';
const minutes = (m: number) => (m % 60 === 0 ? `${m / 60} h` : `${m} min`);

function Compliance({ sla }: { sla: Sla }) {
  const compliance = useSlaCompliance(sla.id, {});
  const c = compliance.data;
  const respond = sla.targetKind === 'alert' ? 'Acknowledged in time' : 'First response in time';
  return (
    <Card title={`Compliance: ${sla.name} (last 30 days)`}>
      <ErrorText error={compliance.error} />
      {c && c.summary.total === 0 && <p className="text-sm text-slate-500">No {sla.targetKind}s in the range.</p>}
      {c && c.summary.total > 0 && (
        <div className="space-y-4">
          <p className="text-sm" data-testid="sla-summary">
            {c.summary.total} {sla.targetKind}s · {respond}: {formatPercent(c.summary.response.percent)} ({c.summary.response.met} met, {c.summary.response.breached} breached, {c.summary.response.pending} pending) · Resolved in time:{' '}
            {formatPercent(c.summary.resolution.percent)} ({c.summary.resolution.met} met, {c.summary.resolution.breached} breached, {c.summary.resolution.pending} pending)
          </p>
          <ChartView
            type="line"
            label={`${sla.name}: share met per day`}
            max={100}
            labels={c.byDay.map((d) => d.day)}
            series={[
              { label: respond, color: '#2f6fed', data: c.byDay.map((d) => d.response.percent) },
              { label: 'Resolved in time', color: '#16a34a', data: c.byDay.map((d) => d.resolution.percent) },
            ]}
          />
          <DataTable label="Compliance per organization" columns={['Organization', sla.targetKind === 'alert' ? 'Alerts' : 'Tickets', respond, 'Resolved in time']}>
            {c.byOrganization.map((o) => (
              <tr key={o.orgId} className="border-t border-slate-100 dark:border-slate-800">
                <td className={CELL}>{o.orgName}</td>
                <td className={`${CELL} tabular-nums`}>{o.total}</td>
                <td className={`${CELL} tabular-nums`}>
                  {formatPercent(o.response.percent)} ({o.response.breached} breached)
                </td>
                <td className={`${CELL} tabular-nums`}>
                  {formatPercent(o.resolution.percent)} ({o.resolution.breached} breached)
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </Card>
  );
}

export function SlaView() {
  const list = useSlas();
  const canManage = useCan('analytics:manage');
  const remove = useDeleteSla();
  const [editing, setEditing] = useState<Sla | 'new' | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = list.data?.data ?? [];
  const current = rows.find((s) => s.id === picked) ?? rows[0];
  const newButton = canManage && <Button onClick={() => setEditing('new')}>New SLA</Button>;

  async function del(s: Sla) {
    if (!window.confirm(`Delete the SLA “${s.name}”?`)) return;
    try {
      await remove.mutateAsync(s.id);
    } catch (err) {
      setError(messageOf(err, 'The SLA could not be deleted'));
    }
  }

  return (
    <AnalyticsPage title="Service levels" description="Targets for acknowledging and resolving alerts and for answering and resolving tickets, and how often they are met." actions={newButton}>
      <ErrorText error={list.error} />
      <FormError message={error} />
      {list.data && rows.length === 0 ? (
        <EmptyState title="No SLAs yet" action={newButton}>
          Define how fast alerts should be acknowledged and resolved, or tickets answered, and see how often that happens.
        </EmptyState>
      ) : (
        rows.length > 0 && (
          <DataTable label="SLA definitions" columns={['Name', 'Applies to', 'Respond', 'Resolve', 'Covers', { label: 'Actions', hidden: true }]}>
            {rows.map((s) => (
              <tr key={s.id} className={`border-t border-slate-100 dark:border-slate-800 ${current?.id === s.id ? 'bg-slate-50 dark:bg-slate-800/50' : ''}`}>
                <td className={CELL}>
                  <button type="button" className="font-medium text-brand-700 hover:underline dark:text-brand-100" onClick={() => setPicked(s.id)} aria-pressed={current?.id === s.id}>
                    {s.name}
                  </button>
                </td>
                <td className={CELL}>{s.targetKind === 'alert' ? 'Alerts' : 'Tickets'}</td>
                <td className={CELL}>{minutes(s.responseMinutes)}</td>
                <td className={CELL}>{minutes(s.resolveMinutes)}</td>
                <td className={CELL}>{[...s.severities, ...s.priorities].join(', ') || 'All'}</td>
                <td className={`${CELL} whitespace-nowrap text-right`}>
                  {canManage && (
                    <span className="flex justify-end gap-2">
                      <Button variant="secondary" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
                        Edit
                      </Button>
                      <Button variant="danger" onClick={() => void del(s)} aria-label={`Delete ${s.name}`}>
                        Delete
                      </Button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )
      )}
      {current && <Compliance sla={current} />}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'New SLA' : 'Edit SLA'}>
        {editing !== null && <SlaForm sla={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Dialog>
    </AnalyticsPage>
  );
}
