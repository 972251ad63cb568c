'use client';

// Patches: compliance of the scope, then the patches by patch (approve, decline or defer many at
// once) or by device (scan, install approved patches now or in the next maintenance window,
// roll back), and the latest jobs. Filters and the view live in the URL.
import Link from 'next/link';
import { useState } from 'react';
import { usePatchJobs } from '@/hooks/use-patches';
import { useCan } from '@/hooks/use-me';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { useCurrentOrg } from '@/components/shell/current-org';
import { DataTable } from '@/components/ui/data-table';
import { ErrorText, PageHeader, Pager, StatusBadge, Tabs } from '@/components/ui/controls';
import { ComplianceCard } from '@/components/patches/compliance-card';
import { PatchTable } from '@/components/patches/patch-table';
import { DevicePatchTable } from '@/components/patches/device-patch-table';

const DEFAULTS = { view: 'patch', source: '', severity: '', status: '', search: '', deviceStatus: '', device: '', page: '1' };
export type PatchFilters = typeof DEFAULTS;

export function PatchesView() {
  const { orgId } = useCurrentOrg();
  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  const view = filters.view === 'device' ? 'device' : 'patch';
  return (
    <div className="space-y-4">
      <PageHeader
        title="Patches"
        description="Updates that scans found on your Linux devices: approve them per organization, then install now or in the next maintenance window."
        actions={
          <Link href="/patches/policies" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">
            Patch policies
          </Link>
        }
      />
      <ComplianceCard orgId={orgId ?? undefined} />
      <Tabs
        label="Patch views"
        value={view}
        onChange={(v) => setFilters({ view: v, page: '1' })}
        tabs={[
          { id: 'patch', label: 'By patch' },
          { id: 'device', label: 'By device' },
        ]}
      />
      <div role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`}>
        {view === 'patch' ? <PatchTable orgId={orgId ?? undefined} filters={filters} setFilters={setFilters} /> : <DevicePatchTable orgId={orgId ?? undefined} filters={filters} setFilters={setFilters} />}
      </div>
      <RecentJobs orgId={orgId ?? undefined} />
    </div>
  );
}

function RecentJobs({ orgId }: { orgId?: string }) {
  const [page, setPage] = useState(1);
  const jobs = usePatchJobs({ orgId, page });
  const canRead = useCan('patches:read');
  const list = jobs.data?.data ?? [];
  if (!canRead || (jobs.data && list.length === 0)) return null;
  return (
    <section className="space-y-2">
      <h2 className="text-base font-semibold">Recent jobs</h2>
      <ErrorText error={jobs.error} />
      <DataTable label="Patch jobs" columns={['Device', 'Kind', 'When', 'Status', 'Packages', 'Created']}>
        {list.map((j) => (
          <tr key={j.id} className="border-t border-slate-100 dark:border-slate-800">
            <td className="px-4 py-2">
              <Link href={`/devices/${j.deviceId}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                {j.hostname}
              </Link>
            </td>
            <td className="px-4 py-2">{j.kind === 'rollback' ? 'Rollback' : 'Install'}</td>
            <td className="px-4 py-2">{j.schedule === 'now' ? 'Now' : 'Next window'}</td>
            <td className="px-4 py-2">
              <StatusBadge status={j.status} />
              {j.rebootScheduled ? (
                <span className="block text-xs text-slate-600 dark:text-slate-400">Reboot scheduled</span>
              ) : j.rebootRequired ? (
                <span className="block text-xs text-amber-800 dark:text-amber-300">Reboot pending{j.rebootDeferred ? ' (held by maintenance window)' : ''}</span>
              ) : null}
            </td>
            <td className="px-4 py-2 text-slate-700 dark:text-slate-300">
              {j.results ? j.results.map((r) => `${r.name} ${r.version}: ${r.status}`).join(', ') : `${j.patchIds.length} patch(es)`}
            </td>
            <td className="px-4 py-2 text-slate-700 dark:text-slate-300">{new Date(j.createdAt).toLocaleString()}</td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page} total={jobs.data?.pagination.total ?? 0} limit={jobs.data?.pagination.limit ?? 20} onPage={setPage} />
    </section>
  );
}
