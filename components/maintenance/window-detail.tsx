'use client';

// One maintenance window: its schedule, targets and options, the devices it covers right now,
// and its occurrences with start (early) and end (early) by hand; cancel stops the future ones.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import {
  useActiveMaintenance,
  useCancelMaintenanceWindow,
  useDeleteMaintenanceWindow,
  useMaintenanceWindow,
  useMoveOccurrence,
  useWindowOccurrences,
  type MaintenanceOccurrence,
} from '@/hooks/use-maintenance';
import { useCan } from '@/hooks/use-me';
import { messageOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { Badge, Card, ErrorText, PageHeader, Pager, SelectField, type Tone } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { InMaintenanceBadge } from '@/components/maintenance/maintenance-badge';
import { WindowStateBadge } from '@/components/maintenance/maintenance-view';
import { describeSchedule, formatWhen, targetSummary } from '@/components/maintenance/schedule-text';

const OCCURRENCE_TONES: Record<MaintenanceOccurrence['status'], Tone> = { scheduled: 'blue', active: 'amber', completed: 'green', cancelled: 'slate' };

export function WindowDetail({ id }: { id: string }) {
  const router = useRouter();
  const windowQuery = useMaintenanceWindow(id);
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const occurrences = useWindowOccurrences(id, { status: status || undefined, page });
  const covered = useActiveMaintenance({});
  const move = useMoveOccurrence();
  const cancel = useCancelMaintenanceWindow();
  const remove = useDeleteMaintenanceWindow();
  const canWrite = useCan('devices:write');
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>, fallback: string) {
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(messageOf(err, fallback));
    }
  }

  const w = windowQuery.data;
  if (!w) return <ErrorText error={windowQuery.error} />;
  const mine = (covered.data?.data ?? []).filter((d) => d.windows.some((x) => x.windowId === id));
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link href="/maintenance" className="text-brand-700 hover:underline dark:text-brand-100">
          ← Maintenance
        </Link>
      </p>
      <PageHeader
        title={w.name}
        description={w.description ?? undefined}
        actions={
          canWrite && (
            <div className="flex gap-2">
              {w.status === 'active' && (
                <Button variant="secondary" disabled={cancel.isPending} onClick={() => run(() => cancel.mutateAsync(id), 'Could not cancel the window')}>
                  Cancel window
                </Button>
              )}
              <Button
                variant="secondary"
                disabled={remove.isPending}
                onClick={() => {
                  if (confirm(`Delete “${w.name}” and all its occurrences?`)) void run(async () => { await remove.mutateAsync(id); router.push('/maintenance'); }, 'Could not delete the window');
                }}
              >
                Delete
              </Button>
            </div>
          )
        }
      />
      <FormError message={error} />
      <Card title="Window">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">State</dt>
            <dd><WindowStateBadge w={w} /></dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Schedule</dt>
            <dd>{describeSchedule(w)}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Targets</dt>
            <dd>{targetSummary(w.targets)}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Options</dt>
            <dd>{[w.suppressAlerts ? 'Alerts suppressed' : 'Alerts raised as usual', w.suppressPatching ? 'patching held' : 'patching runs'].join(', ')}</dd>
          </div>
        </dl>
      </Card>

      <Card title="Devices in this window now">
        {mine.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{w.currentOccurrence ? 'No device matches the targets.' : 'Not in progress.'}</p>
        ) : (
          <ul className="space-y-1 text-sm" aria-label="Devices in this window now">
            {mine.map((d) => (
              <li key={d.deviceId} className="flex items-center gap-2">
                <Link href={`/devices/${d.deviceId}`} className="text-brand-700 hover:underline dark:text-brand-100">
                  {d.displayName ?? d.hostname}
                </Link>
                <InMaintenanceBadge endsAt={d.endsAt} />
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title="Occurrences">
        <div className="mb-3 w-44">
          <SelectField label="Status" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }}>
            <option value="">All</option>
            <option value="scheduled">Scheduled</option>
            <option value="active">Active</option>
            <option value="completed">Completed</option>
            <option value="cancelled">Cancelled</option>
          </SelectField>
        </div>
        <ErrorText error={occurrences.error} />
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label="Occurrences">
            <thead className="text-left text-slate-600 dark:text-slate-400">
              <tr>
                <th className="py-2 pr-4 font-medium">Status</th>
                <th className="py-2 pr-4 font-medium">Starts</th>
                <th className="py-2 pr-4 font-medium">Ends</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {occurrences.data?.data.map((o) => (
                <tr key={o.id} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-2 pr-4">
                    <Badge tone={OCCURRENCE_TONES[o.status]}>{o.status}</Badge>
                  </td>
                  <td className="py-2 pr-4">
                    {formatWhen(o.startsAt)}
                    {o.startedBy && <span className="block text-xs text-slate-600 dark:text-slate-400">started by hand (planned {formatWhen(o.scheduledStartsAt)})</span>}
                  </td>
                  <td className="py-2 pr-4">
                    {formatWhen(o.endsAt)}
                    {o.endedBy && <span className="block text-xs text-slate-600 dark:text-slate-400">ended by hand (planned {formatWhen(o.scheduledEndsAt)})</span>}
                  </td>
                  <td className="py-2 text-right">
                    {canWrite && o.status === 'scheduled' && (
                      <Button variant="secondary" disabled={move.isPending} onClick={() => run(() => move.mutateAsync({ id: o.id, action: 'start' }), 'Could not start it')}>
                        Start now
                      </Button>
                    )}
                    {canWrite && o.status === 'active' && (
                      <Button variant="secondary" disabled={move.isPending} onClick={() => run(() => move.mutateAsync({ id: o.id, action: 'end' }), 'Could not end it')}>
                        End now
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {occurrences.data && occurrences.data.data.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No occurrence.</p>}
        <Pager page={page} total={occurrences.data?.pagination.total ?? 0} limit={occurrences.data?.pagination.limit ?? 20} onPage={setPage} />
      </Card>
    </div>
  );
}
