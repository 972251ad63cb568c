'use client';

// The device list: a virtualized table over cursor pages (the next page loads as you scroll),
// filters, sortable columns, a column chooser (remembered), multi-select with bulk commands and
// their progress, and CSV export of every matching device.
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fetchAllDevices, useBulkCommand, useDeviceList, useTags, type BulkResult, type DeviceFilters } from '@/hooks/use-devices';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { useCurrentOrg } from '@/components/shell/current-org';
import { COLUMNS, DEFAULT_COLUMNS } from '@/components/devices/columns';
import { CommandForm } from '@/components/devices/command-form';
import { BulkProgress } from '@/components/devices/bulk-progress';
import { PutInMaintenanceButton } from '@/components/maintenance/put-in-maintenance-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, ErrorText, INPUT_CLASS, PageHeader } from '@/components/ui/controls';
import { downloadText, toCsv } from '@/lib/client/format';
import { ApiError } from '@/lib/client/api-client';

const ROW = 40;
const COLS_KEY = 'rmm-device-columns';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function DevicesView() {
  const params = useSearchParams();
  const { orgId } = useCurrentOrg();
  const orgs = useAllOrganizations();
  const tags = useTags();
  const canExecute = useCan('devices:execute');
  const canEnroll = useCan('devices:write');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState(params.get('status') ?? '');
  const [osType, setOsType] = useState('');
  const [tag, setTag] = useState('');
  const [sort, setSort] = useState<DeviceFilters['sort']>('hostname');
  const [sortDir, setSortDir] = useState<DeviceFilters['sortDir']>('asc');
  const [visibleCols, setVisibleCols] = useState<string[]>(DEFAULT_COLUMNS);
  const [chooser, setChooser] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkResult, setBulkResult] = useState<BulkResult | null>(null);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<number | null>(null);
  const bulk = useBulkCommand();

  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(COLS_KEY) ?? 'null');
      if (Array.isArray(saved) && saved.length) setVisibleCols(saved.filter((c) => COLUMNS.some((k) => k.id === c)));
    } catch {
      /* ignore */
    }
  }, []);
  const toggleCol = (id: string) =>
    setVisibleCols((cols) => {
      const next = cols.includes(id) ? cols.filter((c) => c !== id) : COLUMNS.map((c) => c.id).filter((c) => c === id || cols.includes(c));
      const safe = next.length ? next : ['hostname'];
      localStorage.setItem(COLS_KEY, JSON.stringify(safe));
      return safe;
    });

  const debouncedSearch = useDebounced(search, 250);
  const filters: DeviceFilters = useMemo(
    () => ({ orgId: orgId ?? undefined, status: status || undefined, osType: osType || undefined, tag: tag || undefined, search: debouncedSearch.trim() || undefined, sort, sortDir }),
    [orgId, status, osType, tag, debouncedSearch, sort, sortDir],
  );
  const list = useDeviceList(filters);
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.devices) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? rows.length;
  useEffect(() => setSelected(new Set()), [filters]);

  const orgNames = useMemo(() => new Map(orgs.data?.map((o) => [o.id, o.name]) ?? []), [orgs.data]);
  const ctx = useMemo(() => ({ orgName: (id: string) => orgNames.get(id) ?? '—' }), [orgNames]);
  const cols = COLUMNS.filter((c) => visibleCols.includes(c.id));
  const grid = `2.5rem ${cols.map((c) => c.width).join(' ')}`;

  // Virtualization: only the rows in view (plus a margin) are in the DOM.
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setViewport(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const first = Math.max(0, Math.floor(scrollTop / ROW) - 10);
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewport) / ROW) + 10);
  useEffect(() => {
    if (last >= rows.length - 40 && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [last, rows.length, list]);

  const setSortBy = (s: DeviceFilters['sort']) => {
    if (s === sort) setSortDir((d) => (d === 'asc' ? 'desc' : 'asc'));
    else {
      setSort(s);
      setSortDir(s === 'hostname' ? 'asc' : 'desc');
    }
  };

  const allLoadedSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));

  async function exportCsv() {
    setExporting(0);
    try {
      const all = await fetchAllDevices(filters, setExporting);
      downloadText(`devices-${new Date().toISOString().slice(0, 10)}.csv`, toCsv(['id', ...cols.map((c) => c.label)], all.map((d) => [d.id, ...cols.map((c) => c.csv(d, ctx))])));
    } finally {
      setExporting(null);
    }
  }

  const noDevicesAtAll = list.data && rows.length === 0 && !status && !osType && !tag && !debouncedSearch;

  return (
    <div className="space-y-4">
      <PageHeader
        title="Devices"
        description={list.data ? `${total} device${total === 1 ? '' : 's'}${orgId ? ` in ${ctx.orgName(orgId)}` : ''}` : undefined}
        actions={
          <>
            <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting !== null || rows.length === 0}>
              {exporting !== null ? `Exporting… ${exporting}` : 'Export CSV'}
            </Button>
            <div className="relative">
              <Button variant="secondary" aria-expanded={chooser} aria-controls="column-chooser" onClick={() => setChooser((v) => !v)}>
                Columns
              </Button>
              {chooser && (
                <fieldset id="column-chooser" className="absolute right-0 z-20 mt-1 w-52 space-y-1 rounded-md border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900">
                  <legend className="sr-only">Visible columns</legend>
                  {COLUMNS.map((c) => (
                    <label key={c.id} className="flex items-center gap-2">
                      <input type="checkbox" checked={visibleCols.includes(c.id)} onChange={() => toggleCol(c.id)} />
                      {c.label}
                    </label>
                  ))}
                </fieldset>
              )}
            </div>
            {canEnroll && (
              <Link href="/enrollment-keys?create=1" className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
                Add devices
              </Link>
            )}
          </>
        }
      />
      <div className="flex flex-wrap items-end gap-2" role="search" aria-label="Filter devices">
        <input type="search" aria-label="Search hostname" placeholder="Search hostname…" value={search} onChange={(e) => setSearch(e.target.value)} className={`${INPUT_CLASS} max-w-xs`} />
        <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value)} className={`${INPUT_CLASS} w-auto`}>
          <option value="">Any status</option>
          {['online', 'offline', 'pending', 'uninstalled'].map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <select aria-label="Operating system" value={osType} onChange={(e) => setOsType(e.target.value)} className={`${INPUT_CLASS} w-auto`}>
          <option value="">Any OS</option>
          {['windows', 'linux', 'macos'].map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <select aria-label="Tag" value={tag} onChange={(e) => setTag(e.target.value)} className={`${INPUT_CLASS} w-auto`}>
          <option value="">Any tag</option>
          {tags.data?.data.map((t) => (
            <option key={t.tag} value={t.tag}>
              {t.tag} ({t.deviceCount})
            </option>
          ))}
        </select>
      </div>

      {selected.size > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-brand-500 bg-brand-50 px-3 py-2 text-sm dark:bg-slate-900" role="region" aria-label="Bulk actions">
          <span>{selected.size} selected</span>
          {canExecute && (
            <Button
              onClick={() => {
                setBulkResult(null);
                setBulkError(null);
                setBulkOpen(true);
              }}
            >
              Run command…
            </Button>
          )}
          <PutInMaintenanceButton deviceIds={[...selected]} />
          <Button variant="secondary" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      )}

      <ErrorText error={list.error} />
      {noDevicesAtAll ? (
        <EmptyState
          title="No devices yet"
          action={
            canEnroll && (
              <Link href="/enrollment-keys?create=1" className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
                Get the install command
              </Link>
            )
          }
        >
          Create an enrollment key and run its one-line install command on each computer. Devices appear here as soon as their agent enrolls.
        </EmptyState>
      ) : (
        <div role="table" aria-label="Devices" aria-rowcount={total + 1} className="overflow-hidden rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-800 dark:bg-slate-900">
          <div className="overflow-x-auto">
            <div className="min-w-[48rem]">
              <div role="rowgroup">
                <div role="row" aria-rowindex={1} className="grid items-center border-b border-slate-200 bg-slate-50 px-2 text-left text-slate-500 dark:border-slate-800 dark:bg-slate-800" style={{ gridTemplateColumns: grid, height: ROW }}>
                  <div role="columnheader">
                    <input
                      type="checkbox"
                      aria-label="Select all loaded devices"
                      checked={allLoadedSelected}
                      onChange={() => setSelected(allLoadedSelected ? new Set() : new Set(rows.map((r) => r.id)))}
                    />
                  </div>
                  {cols.map((c) => (
                    <div key={c.id} role="columnheader" aria-sort={c.sort === sort ? (sortDir === 'asc' ? 'ascending' : 'descending') : undefined} className="truncate px-2 font-medium">
                      {c.sort ? (
                        <button type="button" onClick={() => setSortBy(c.sort!)} className="hover:underline">
                          {c.label}
                          {c.sort === sort ? (sortDir === 'asc' ? ' ▲' : ' ▼') : ''}
                        </button>
                      ) : (
                        c.label
                      )}
                    </div>
                  ))}
                </div>
              </div>
              <div ref={scroller} role="rowgroup" onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)} className="relative overflow-y-auto" style={{ height: 'max(20rem, calc(100vh - 22rem))' }} data-testid="device-rows">
                <div style={{ height: rows.length * ROW + (list.hasNextPage ? ROW : 0), position: 'relative' }}>
                  {rows.slice(first, last).map((d, i) => {
                    const index = first + i;
                    return (
                      <div
                        key={d.id}
                        role="row"
                        aria-rowindex={index + 2}
                        aria-selected={selected.has(d.id)}
                        className={`absolute inset-x-0 grid items-center border-b border-slate-100 px-2 dark:border-slate-800 ${selected.has(d.id) ? 'bg-brand-50 dark:bg-slate-800' : ''}`}
                        style={{ gridTemplateColumns: grid, height: ROW, transform: `translateY(${index * ROW}px)` }}
                      >
                        <div role="cell">
                          <input
                            type="checkbox"
                            aria-label={`Select ${d.hostname}`}
                            checked={selected.has(d.id)}
                            onChange={() =>
                              setSelected((s) => {
                                const n = new Set(s);
                                if (n.has(d.id)) n.delete(d.id);
                                else n.add(d.id);
                                return n;
                              })
                            }
                          />
                        </div>
                        {cols.map((c) => (
                          <div key={c.id} role="cell" className="flex min-w-0 px-2">
                            {c.render(d, ctx)}
                          </div>
                        ))}
                      </div>
                    );
                  })}
                  {list.hasNextPage && (
                    <div className="absolute inset-x-0 px-4 py-2 text-slate-500" style={{ transform: `translateY(${rows.length * ROW}px)` }} role="status">
                      Loading more…
                    </div>
                  )}
                </div>
                {list.data && rows.length === 0 && <p className="p-4 text-slate-500" role="status">No device matches these filters.</p>}
              </div>
            </div>
          </div>
        </div>
      )}

      <Dialog open={bulkOpen} onClose={() => setBulkOpen(false)} title={`Command for ${selected.size} device${selected.size === 1 ? '' : 's'}`}>
        {bulkResult ? (
          <div className="space-y-3">
            <BulkProgress result={bulkResult} />
            <Button variant="secondary" onClick={() => setBulkOpen(false)}>
              Close
            </Button>
          </div>
        ) : (
          <>
            <CommandForm
              busy={bulk.isPending}
              submitLabel={`Send to ${selected.size}`}
              onSubmit={async (input) => {
                setBulkError(null);
                try {
                  setBulkResult(await bulk.mutateAsync({ ...input, deviceIds: [...selected] }));
                } catch (err) {
                  setBulkError(err instanceof ApiError ? err.message : 'Could not send the command');
                }
              }}
            />
            {bulkError && <p role="alert" className="mt-2 text-sm text-red-600">{bulkError}</p>}
          </>
        )}
      </Dialog>
    </div>
  );
}
