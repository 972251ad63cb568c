'use client';

// Maintenance: the devices in maintenance right now, then every window with filters (status,
// repeat, name) or the calendar of occurrences (?view=calendar&month=YYYY-MM), and a create
// dialog. A window opens on its page with its occurrences.
import Link from 'next/link';
import { useState } from 'react';
import { useActiveMaintenance, useMaintenanceWindows, type MaintenanceWindow } from '@/hooks/use-maintenance';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { useCurrentOrg } from '@/components/shell/current-org';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Badge, Card, EmptyState, ErrorText, PageHeader, Pager, SelectField } from '@/components/ui/controls';
import { InMaintenanceBadge } from '@/components/maintenance/maintenance-badge';
import { WindowForm } from '@/components/maintenance/window-form';
import { describeSchedule, formatWhen, targetSummary } from '@/components/maintenance/schedule-text';
import { MaintenanceCalendar } from '@/components/maintenance/maintenance-calendar';
import { useUrlFilters } from '@/hooks/use-url-filters';

const VIEW_DEFAULTS = { view: 'list', month: '' };

export function WindowStateBadge({ w }: { w: MaintenanceWindow }) {
  if (w.status === 'cancelled') return <Badge tone="slate">Cancelled</Badge>;
  if (w.currentOccurrence) return <Badge tone="amber">In progress</Badge>;
  if (w.nextOccurrence) return <Badge tone="blue">Scheduled</Badge>;
  return <Badge tone="slate">Finished</Badge>;
}

export function MaintenanceView() {
  const { orgId } = useCurrentOrg();
  const [url, setUrl] = useUrlFilters(VIEW_DEFAULTS);
  const calendar = url.view === 'calendar';
  const [page, setPage] = useState(1);
  const [activePage, setActivePage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('active');
  const [recurrence, setRecurrence] = useState('');
  const windows = useMaintenanceWindows({ orgId: orgId ?? undefined, page, search: search || undefined, status: status || undefined, recurrence: recurrence || undefined });
  const active = useActiveMaintenance({ orgId: orgId ?? undefined, page: activePage });
  const orgs = useAllOrganizations();
  const canWrite = useCan('devices:write');
  const [creating, setCreating] = useState(false);
  const orgName = (id: string | null) => (id ? (orgs.data?.find((o) => o.id === id)?.name ?? '…') : 'All organizations');
  const list = windows.data?.data ?? [];
  const inMaintenance = active.data?.data ?? [];
  const filtered = !!search || status !== 'active' || !!recurrence;

  return (
    <div className="space-y-4">
      <PageHeader
        title="Maintenance"
        description="Planned work on devices: during a window their alerts are suppressed (and, optionally, patching holds)."
        actions={canWrite && <Button onClick={() => setCreating(true)}>New window</Button>}
      />

      <Card title="In maintenance now">
        <ErrorText error={active.error} />
        {active.data && inMaintenance.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No device is in maintenance right now.</p>}
        {inMaintenance.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label="Devices in maintenance now">
              <thead className="text-left text-slate-600 dark:text-slate-400">
                <tr>
                  <th className="py-2 pr-4 font-medium">Device</th>
                  <th className="py-2 pr-4 font-medium">State</th>
                  <th className="py-2 pr-4 font-medium">Window</th>
                  <th className="py-2 font-medium">Until</th>
                </tr>
              </thead>
              <tbody>
                {inMaintenance.map((d) => (
                  <tr key={d.deviceId} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-4">
                      <Link href={`/devices/${d.deviceId}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                        {d.displayName ?? d.hostname}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">
                      <InMaintenanceBadge endsAt={d.endsAt} />
                    </td>
                    <td className="py-2 pr-4">
                      {d.windows.map((w, i) => (
                        <span key={w.occurrenceId}>
                          {i > 0 && ', '}
                          <Link href={`/maintenance/${w.windowId}`} className="text-brand-700 hover:underline dark:text-brand-100">
                            {w.name}
                          </Link>
                          <span className="text-xs text-slate-600 dark:text-slate-400"> (by {w.matchedBy})</span>
                        </span>
                      ))}
                    </td>
                    <td className="py-2">{formatWhen(d.endsAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager page={activePage} total={active.data?.pagination.total ?? 0} limit={active.data?.pagination.limit ?? 50} onPage={setActivePage} />
          </div>
        )}
      </Card>

      <div className="inline-flex rounded-md border border-slate-200 p-0.5 dark:border-slate-700" role="group" aria-label="View">
        {(['list', 'calendar'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={url.view === v}
            onClick={() => setUrl({ view: v })}
            className={`rounded px-3 py-1 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${url.view === v ? 'bg-brand-700 text-white dark:bg-brand-100 dark:text-slate-900' : 'text-slate-700 dark:text-slate-300'}`}
          >
            {v === 'list' ? 'List' : 'Calendar'}
          </button>
        ))}
      </div>
      {calendar && <MaintenanceCalendar orgId={orgId ?? undefined} month={url.month} onMonth={(month) => setUrl({ month })} />}

      {!calendar && (
      <>
      <div className="flex flex-wrap gap-3">
        <div className="w-64">
          <Field label="Search" type="search" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} placeholder="Window name" />
        </div>
        <div className="w-44">
          <SelectField label="Status" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }}>
            <option value="">All</option>
            <option value="active">Active</option>
            <option value="cancelled">Cancelled</option>
          </SelectField>
        </div>
        <div className="w-44">
          <SelectField label="Repeats" value={recurrence} onChange={(e) => { setRecurrence(e.target.value); setPage(1); }}>
            <option value="">Any</option>
            <option value="none">Once</option>
            <option value="daily">Daily</option>
            <option value="weekly">Weekly</option>
            <option value="monthly">Monthly</option>
            <option value="rrule">Custom rule</option>
          </SelectField>
        </div>
      </div>
      <ErrorText error={windows.error} />
      {windows.data && list.length === 0 && (
        <EmptyState title={filtered ? 'No window matches' : 'No maintenance windows yet'} action={canWrite && !filtered && <Button onClick={() => setCreating(true)}>Create a window</Button>}>
          {filtered ? 'Change the filters to see other windows.' : 'Plan patch nights or hardware work once or on a schedule; devices in a window do not page anyone.'}
        </EmptyState>
      )}
      {list.length > 0 && (
        <Card>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label="Maintenance windows">
              <thead className="text-left text-slate-600 dark:text-slate-400">
                <tr>
                  <th className="py-2 pr-4 font-medium">Name</th>
                  <th className="py-2 pr-4 font-medium">State</th>
                  <th className="py-2 pr-4 font-medium">Schedule</th>
                  <th className="py-2 pr-4 font-medium">Targets</th>
                  <th className="py-2 font-medium">Organization</th>
                </tr>
              </thead>
              <tbody>
                {list.map((w) => (
                  <tr key={w.id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-4">
                      <Link href={`/maintenance/${w.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                        {w.name}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">
                      <WindowStateBadge w={w} />
                    </td>
                    <td className="py-2 pr-4 text-slate-700 dark:text-slate-300">{describeSchedule(w)}</td>
                    <td className="py-2 pr-4 text-slate-700 dark:text-slate-300">{targetSummary(w.targets)}</td>
                    <td className="py-2 text-slate-700 dark:text-slate-300">{orgName(w.orgId)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} total={windows.data?.pagination.total ?? 0} limit={windows.data?.pagination.limit ?? 50} onPage={setPage} />
        </Card>
      )}
      </>
      )}
      <Dialog open={creating} onClose={() => setCreating(false)} title="New maintenance window" wide>
        {creating && <WindowForm defaultOrgId={orgId ?? orgs.data?.[0]?.id ?? ''} orgs={orgs.data ?? []} />}
      </Dialog>
    </div>
  );
}
