'use client';

// A deployment's devices: status and batch filters, each device's attempts and times, its error
// and output behind a disclosure, and Retry on a failed, expired or cancelled device.
import Link from 'next/link';
import { useState } from 'react';
import { RETRYABLE_DEVICE, TERMINAL_DEPLOYMENT, useDeploymentDevices, useRetryDeploymentDevice, type Deployment, type DeploymentDevice } from '@/hooks/use-deployments';
import { formatDate } from '@/lib/client/format';
import { messageOf } from '@/lib/client/field-errors';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { ErrorText, FilterBar, Pager, SelectField } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';
import { DEVICE_STATUSES, DeviceStatusBadge } from '@/components/deployments/deployment-status';

const CELL = 'px-4 py-2';

export function DeploymentDevicesTable({ deployment: d, canManage }: { deployment: Deployment; canManage: boolean }) {
  const [status, setStatus] = useState('');
  const [batch, setBatch] = useState('');
  const [page, setPage] = useState(1);
  const live = !TERMINAL_DEPLOYMENT.includes(d.status);
  // Keyed by the deployment's updatedAt as well, so the rows follow its last change (a run that
  // just finished) even after the live refresh stops.
  const devices = useDeploymentDevices(d.id, { status: status || undefined, batch: batch ? Number(batch) : undefined, page }, { live, stamp: d.updatedAt });
  const retry = useRetryDeploymentDevice();
  const [error, setError] = useState<string | null>(null);
  const rows = devices.data?.data ?? [];
  const canRetry = canManage && d.status !== 'cancelled' && d.status !== 'draft' && d.status !== 'ready';

  async function onRetry(row: DeploymentDevice) {
    setError(null);
    try {
      await retry.mutateAsync({ id: d.id, deviceId: row.deviceId });
    } catch (err) {
      setError(messageOf(err, `Could not retry ${row.hostname}`));
    }
  }

  return (
    <section aria-labelledby="deployment-devices-title" className="space-y-3">
      <h2 id="deployment-devices-title" className="text-base font-semibold">
        Devices
      </h2>
      <FilterBar label="Filter devices">
        <SelectField
          label="Device status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        >
          <option value="">Any</option>
          {DEVICE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        {d.totalBatches > 1 && (
          <SelectField
            label="Batch"
            value={batch}
            onChange={(e) => {
              setBatch(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All</option>
            {Array.from({ length: d.totalBatches }, (_, i) => (
              <option key={i + 1} value={String(i + 1)}>
                Batch {i + 1}
              </option>
            ))}
          </SelectField>
        )}
      </FilterBar>
      <FormError message={error} />
      <ErrorText error={devices.error} />
      <DataTable label="Deployment devices" columns={['Device', 'Batch', 'Status', 'Attempts', 'Started', 'Finished', 'Details', { label: 'Actions', hidden: true }]}>
        {rows.map((r) => (
          <tr key={r.deviceId} className="border-t border-slate-100 align-top dark:border-slate-800" data-testid="deployment-device">
            <td className={CELL}>
              <Link href={`/devices/${r.deviceId}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                {r.hostname}
              </Link>
            </td>
            <td className={CELL}>{r.batch}</td>
            <td className={CELL}>
              <DeviceStatusBadge status={r.status} />
            </td>
            <td className={`${CELL} tabular-nums`}>{r.attempts}</td>
            <td className={`${CELL} whitespace-nowrap text-xs`}>{formatDate(r.startedAt)}</td>
            <td className={`${CELL} whitespace-nowrap text-xs`}>{formatDate(r.completedAt)}</td>
            <td className={`${CELL} max-w-md`}>
              <DeviceDetails row={r} />
            </td>
            <td className={`${CELL} text-right`}>
              {canRetry && RETRYABLE_DEVICE.includes(r.status) && (
                <Button variant="secondary" onClick={() => void onRetry(r)} disabled={retry.isPending} aria-label={`Retry ${r.hostname}`}>
                  Retry
                </Button>
              )}
            </td>
          </tr>
        ))}
        {devices.data && rows.length === 0 && (
          <tr>
            <td colSpan={8} className={`${CELL} text-center text-slate-600 dark:text-slate-400`}>
              {status || batch ? 'No device matches the filters.' : 'No devices.'}
            </td>
          </tr>
        )}
      </DataTable>
      {devices.data && <Pager page={page} total={devices.data.pagination.total} limit={devices.data.pagination.limit} onPage={setPage} />}
    </section>
  );
}

/** The error in one line, the output (and the agent's result) behind a disclosure. */
function DeviceDetails({ row }: { row: DeploymentDevice }) {
  const hasMore = !!row.output || (row.result !== null && row.result !== undefined);
  return (
    <div className="space-y-1 text-xs">
      {row.error && <p className="break-words text-red-700 dark:text-red-300">{row.error}</p>}
      {hasMore && (
        <details>
          <summary className="cursor-pointer text-brand-700 dark:text-brand-100">Output</summary>
          {row.output && <pre className="mt-1 max-h-60 overflow-auto rounded bg-slate-50 p-2 whitespace-pre-wrap dark:bg-slate-800">{row.output}</pre>}
          {row.result !== null && row.result !== undefined && (
            <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-50 p-2 whitespace-pre-wrap dark:bg-slate-800">{JSON.stringify(row.result, null, 2)}</pre>
          )}
        </details>
      )}
      {!row.error && !hasMore && <span className="text-slate-600 dark:text-slate-400">—</span>}
    </div>
  );
}
