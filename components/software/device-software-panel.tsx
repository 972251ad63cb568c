'use client';

// The Software tab of a device: its installed packages (searchable) with an Uninstall action
// behind a confirmation, on devices whose agent can uninstall (Linux). The queued command's
// outcome shows in the Commands tab; the list refreshes with the inventory the agent sends after.
import { useState } from 'react';
import { useDeviceSoftware, useUninstallSoftware, type DeviceSoftwareItem } from '@/hooks/use-software';
import { useCan } from '@/hooks/use-me';
import { ApiError } from '@/lib/client/api-client';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { ErrorText, FILTER_SEARCH_CLASS } from '@/components/ui/controls';
import { FormError } from '@/components/ui/form-error';

const CELL = 'px-4 py-2';

export function DeviceSoftwarePanel({ deviceId }: { deviceId: string }) {
  const [search, setSearch] = useState('');
  const list = useDeviceSoftware(deviceId, search.trim());
  const canExecute = useCan('devices:execute');
  const uninstall = useUninstallSoftware(deviceId);
  const [confirm, setConfirm] = useState<DeviceSoftwareItem | null>(null);
  const [queued, setQueued] = useState<string | null>(null);

  if (list.isError) return <ErrorText error={list.error} />;
  const data = list.data;
  const canUninstall = canExecute && data?.uninstallSupported;

  async function run(item: DeviceSoftwareItem) {
    await uninstall.mutateAsync(item.id);
    setConfirm(null);
    setQueued(item.name);
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <input type="search" aria-label="Search installed software" placeholder="Search name or vendor…" value={search} onChange={(e) => setSearch(e.target.value)} className={FILTER_SEARCH_CLASS} />
        <p className="text-sm text-slate-500">
          {data ? `${data.data.length} package${data.data.length === 1 ? '' : 's'} · collected ${formatDate(data.collectedAt)}` : 'Loading…'}
          {data && !data.uninstallSupported && ' · uninstall is available on Linux devices'}
        </p>
      </div>
      {queued && (
        <p role="status" className="rounded-md bg-green-50 px-4 py-2 text-sm text-green-800 dark:bg-green-950 dark:text-green-200">
          Uninstall of {queued} queued: the agent removes it at its next check-in; the result is in the Commands tab.
        </p>
      )}
      <DataTable label="Installed software" testId="device-software" columns={['Name', 'Version', 'Vendor', 'Source', ...(canUninstall ? [{ label: 'Actions', hidden: true }] : [])]}>
        {data?.data.map((s) => (
          <tr key={s.id} className="border-t border-slate-100 dark:border-slate-800">
            <td className={`${CELL} break-all`}>{s.name}</td>
            <td className={CELL}>{s.version ?? '—'}</td>
            <td className={`${CELL} text-slate-600 dark:text-slate-400`}>{s.vendor ?? '—'}</td>
            <td className={CELL}>{s.source ?? '—'}</td>
            {canUninstall && (
              <td className={`${CELL} text-right`}>
                <Button variant="secondary" aria-label={`Uninstall ${s.name}`} onClick={() => { uninstall.reset(); setConfirm(s); }}>
                  Uninstall
                </Button>
              </td>
            )}
          </tr>
        ))}
      </DataTable>
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} title={confirm ? `Uninstall ${confirm.name}?` : ''}>
        {confirm && (
          <div className="space-y-4">
            <p className="text-sm">
              The agent removes <strong>{confirm.name}</strong>
              {confirm.version ? ` ${confirm.version}` : ''} with the device’s package manager. Packages that depend on it may be removed too.
            </p>
            <FormError message={uninstall.error instanceof ApiError ? uninstall.error.message : uninstall.error ? String(uninstall.error) : null} />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setConfirm(null)}>
                Cancel
              </Button>
              <Button variant="danger" disabled={uninstall.isPending} onClick={() => void run(confirm).catch(() => undefined)}>
                {uninstall.isPending ? 'Queueing…' : 'Uninstall'}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
