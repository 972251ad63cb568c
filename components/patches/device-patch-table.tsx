'use client';

// Patches by device: one row per patch per device; select rows to scan their devices, install
// their approved patches now or in the next maintenance window, or roll an installed one back.
import Link from 'next/link';
import { useState } from 'react';
import { useDevicePatches, useInstallPatches, usePatchScan, useRollbackPatch, type DevicePatch } from '@/hooks/use-patches';
import { useCan } from '@/hooks/use-me';
import type { SetFilters } from '@/hooks/use-url-filters';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState, ErrorText, FilterBar, Pager, SelectField, StatusBadge } from '@/components/ui/controls';
import { ApprovalBadge, SeverityBadge } from '@/components/patches/severity-badge';
import type { PatchFilters } from '@/components/patches/patches-view';

export function DevicePatchTable({ orgId, filters, setFilters }: { orgId?: string; filters: PatchFilters; setFilters: SetFilters<PatchFilters> }) {
  const page = Number(filters.page) || 1;
  const rows = useDevicePatches({ orgId, page, deviceId: filters.device || undefined, status: filters.deviceStatus || undefined, severity: filters.severity || undefined });
  const [selected, setSelected] = useState<Map<string, DevicePatch>>(new Map());
  const [message, setMessage] = useState<string | null>(null);
  const scan = usePatchScan();
  const install = useInstallPatches();
  const rollback = useRollbackPatch();
  const canDeploy = useCan('patches:deploy');
  const list = rows.data?.data ?? [];
  const busy = scan.isPending || install.isPending || rollback.isPending;
  const deviceIds = [...new Set([...selected.values()].map((r) => r.deviceId))];

  const toggle = (r: DevicePatch) => setSelected((s) => { const n = new Map(s); if (n.has(r.id)) n.delete(r.id); else n.set(r.id, r); return n; });
  const done = (text: string) => { setMessage(text); setSelected(new Map()); };
  const skipped = (s: { reason: string }[]) => (s.length ? `; skipped: ${[...new Set(s.map((x) => x.reason))].join(', ')}` : '');

  return (
    <div className="space-y-3 pt-3">
      <FilterBar label="Device patch filters">
        <SelectField label="State" value={filters.deviceStatus} onChange={(e) => setFilters({ deviceStatus: e.target.value, page: '1' })}>
          <option value="">Any</option>
          <option value="available">Available</option>
          <option value="installing">Installing</option>
          <option value="installed">Installed</option>
          <option value="failed">Failed</option>
          <option value="rolled_back">Rolled back</option>
        </SelectField>
        <SelectField label="Severity" value={filters.severity} onChange={(e) => setFilters({ severity: e.target.value, page: '1' })}>
          <option value="">Any</option>
          <option value="critical,important">Critical or important</option>
          <option value="moderate">Moderate</option>
          <option value="low">Low</option>
        </SelectField>
        {filters.device && (
          <Button variant="secondary" onClick={() => setFilters({ device: '', page: '1' })}>
            Showing one device: show all
          </Button>
        )}
      </FilterBar>
      {canDeploy && selected.size > 0 && (
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Selected device patches">
          <span className="text-sm">{deviceIds.length} device(s)</span>
          <Button disabled={busy} onClick={async () => { const r = await scan.mutateAsync(deviceIds); done(`${r.queued.length} scan(s) queued${skipped(r.skipped)}.`); }}>Run scan</Button>
          <Button disabled={busy} onClick={async () => { const r = await install.mutateAsync({ deviceIds, patchIds: [...new Set([...selected.values()].map((x) => x.patchId))], schedule: 'now' }); done(`${r.jobs.length} install job(s) sent${skipped(r.skipped)}.`); }}>Install now</Button>
          <Button variant="secondary" disabled={busy} onClick={async () => { const r = await install.mutateAsync({ deviceIds, patchIds: [...new Set([...selected.values()].map((x) => x.patchId))], schedule: 'next_window' }); done(`${r.jobs.length} job(s) wait for their maintenance window${skipped(r.skipped)}.`); }}>Install in next window</Button>
          <Button
            variant="secondary"
            disabled={busy || [...selected.values()].some((x) => x.status !== 'installed')}
            onClick={async () => {
              let jobs = 0;
              const byPatch = new Map<string, string[]>();
              for (const x of selected.values()) byPatch.set(x.patchId, [...(byPatch.get(x.patchId) ?? []), x.deviceId]);
              for (const [patchId, ids] of byPatch) jobs += (await rollback.mutateAsync({ patchId, deviceIds: ids })).jobs.length;
              done(`${jobs} rollback job(s) sent.`);
            }}
          >
            Roll back
          </Button>
        </div>
      )}
      {message && <p role="status" className="text-sm text-slate-700 dark:text-slate-300">{message}</p>}
      <ErrorText error={rows.error ?? scan.error ?? install.error ?? rollback.error} />
      {rows.data && list.length === 0 && <EmptyState title="No patches on devices">Scans list here what each Linux device is missing.</EmptyState>}
      {list.length > 0 && (
        <DataTable label="Patches by device" columns={[{ label: 'Select', hidden: true }, 'Device', 'Package', 'From', 'To', 'Severity', 'Approval', 'State', 'Last error']}>
          {list.map((r) => (
            <tr key={r.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <input type="checkbox" aria-label={`Select ${r.name} on ${r.hostname}`} checked={selected.has(r.id)} onChange={() => toggle(r)} disabled={!canDeploy} />
              </td>
              <td className="px-4 py-2">
                <Link href={`/devices/${r.deviceId}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">{r.hostname}</Link>
              </td>
              <td className="px-4 py-2">{r.name}</td>
              <td className="px-4 py-2">{r.installedVersion ?? '—'}</td>
              <td className="px-4 py-2">{r.version}</td>
              <td className="px-4 py-2"><SeverityBadge severity={r.severity} /></td>
              <td className="px-4 py-2"><ApprovalBadge status={r.approvalStatus} /></td>
              <td className="px-4 py-2"><StatusBadge status={r.status} /></td>
              <td className="px-4 py-2 text-xs text-slate-700 dark:text-slate-300">{r.lastError ?? ''}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} total={rows.data?.pagination.total ?? 0} limit={rows.data?.pagination.limit ?? 100} onPage={(p) => setFilters({ page: String(p) })} />
    </div>
  );
}
