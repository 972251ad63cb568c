'use client';

// The device list: one page at a time over the keyset cursor (10 to 200 rows, rendered
// virtualized), filters and sort kept in the URL, sortable columns, a column chooser
// (remembered), the site and open alerts of each row, a row menu of quick actions, multi-select
// with bulk actions and their progress, and CSV export of every matching device.
import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchAllDevices, fetchDeviceListExtras, useDeviceListExtras, useDevicePage, useTags, type Device, type DeviceFilters } from '@/hooks/use-devices';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan } from '@/hooks/use-me';
import { useUrlFilters, useUrlText } from '@/hooks/use-url-filters';
import { useCurrentOrg } from '@/components/shell/current-org';
import { COLUMNS, DEFAULT_COLUMNS, type ColumnContext } from '@/components/devices/columns';
import { BULK_ACTIONS, BulkActionBody, type BulkKind } from '@/components/devices/bulk-actions';
import { PutInMaintenanceButton } from '@/components/maintenance/put-in-maintenance-dialog';
import { SavedFiltersControl } from '@/components/filters/saved-filters-control';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, ErrorText, FILTER_SEARCH_CLASS, FilterBar, INLINE_INPUT_CLASS, PAGE_SIZES, PageHeader, PageSizeSelect } from '@/components/ui/controls';
import { downloadText } from '@/lib/client/format';
import { toCsv } from '@/lib/csv';

const ROW = 40;
const COLS_KEY = 'rmm-device-columns';
const FILTER_DEFAULTS = { q: '', status: '', os: '', tag: '', filter: '', sort: 'hostname', dir: '', limit: '50' };
const SORTS = ['hostname', 'lastSeen', 'enrolled'] as const;
const MENU_LINK = 'block rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800';

type Sort = DeviceFilters['sort'];
type Action = { kind: BulkKind; devices: Device[] };

export function DevicesView() {
  const { orgId } = useCurrentOrg();
  const orgs = useAllOrganizations();
  const tags = useTags();
  const canExecute = useCan('devices:execute');
  const canWrite = useCan('devices:write');
  const canReadFilters = useCan('filters:read');
  const [urlFilters, setUrlFilters] = useUrlFilters(FILTER_DEFAULTS);
  const [searchText, setSearchText] = useUrlText(urlFilters.q, useCallback((q: string) => setUrlFilters({ q }, { replace: true }), [setUrlFilters]));
  const sort: Sort = (SORTS as readonly string[]).includes(urlFilters.sort) ? (urlFilters.sort as Sort) : 'hostname';
  const sortDir: DeviceFilters['sortDir'] = urlFilters.dir === 'asc' || urlFilters.dir === 'desc' ? urlFilters.dir : sort === 'hostname' ? 'asc' : 'desc';
  const limit = (PAGE_SIZES as readonly number[]).includes(Number(urlFilters.limit)) ? Number(urlFilters.limit) : 50;
  const [visibleCols, setVisibleCols] = useState<string[]>(DEFAULT_COLUMNS);
  const [chooser, setChooser] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [action, setAction] = useState<Action | null>(null);
  const [menuFor, setMenuFor] = useState<Device | null>(null);
  const [exporting, setExporting] = useState<number | null>(null);

  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(COLS_KEY) ?? 'null');
      if (Array.isArray(saved) && saved.length) setVisibleCols(saved.filter((c) => COLUMNS.some((k) => k.id === c)));
    } catch {
      // A damaged saved choice: keep the default columns.
    }
  }, []);
  const toggleCol = (id: string) =>
    setVisibleCols((cols) => {
      const next = cols.includes(id) ? cols.filter((c) => c !== id) : COLUMNS.map((c) => c.id).filter((c) => c === id || cols.includes(c));
      const safe = next.length ? next : ['hostname'];
      localStorage.setItem(COLS_KEY, JSON.stringify(safe));
      return safe;
    });

  const { q, status, os, tag, filter } = urlFilters;
  const filters: DeviceFilters = useMemo(
    () => ({ orgId: orgId ?? undefined, status: status || undefined, osType: os || undefined, tag: tag || undefined, search: q || undefined, filterId: filter || undefined, sort, sortDir }),
    [orgId, status, os, tag, q, filter, sort, sortDir],
  );
  // Cursors of the pages walked so far: Next pushes one, Previous pops one, a new filter restarts.
  const [cursors, setCursors] = useState<string[]>(['']);
  const filterKey = JSON.stringify([filters, limit]);
  useEffect(() => {
    setCursors(['']);
    setSelected(new Set());
  }, [filterKey]);
  const cursor = cursors[cursors.length - 1];
  const list = useDevicePage(filters, cursor, limit);
  const rows = useMemo(() => list.data?.devices ?? [], [list.data]);
  const [total, setTotal] = useState<number | null>(null);
  useEffect(() => {
    if (list.data?.total !== undefined) setTotal(list.data.total);
  }, [list.data]);
  useEffect(() => setSelected(new Set()), [cursor]);
  const extras = useDeviceListExtras(useMemo(() => rows.map((r) => r.id), [rows]));

  const orgNames = useMemo(() => new Map(orgs.data?.map((o) => [o.id, o.name]) ?? []), [orgs.data]);
  const ctx: ColumnContext = useMemo(() => ({ orgName: (id: string) => orgNames.get(id) ?? '—', extra: (id: string) => extras.data?.get(id) }), [orgNames, extras.data]);
  const cols = COLUMNS.filter((c) => visibleCols.includes(c.id));
  const grid = `2.5rem ${cols.map((c) => c.width).join(' ')} 3rem`;

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
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
    setScrollTop(0);
  }, [cursor]);
  const first = Math.max(0, Math.floor(scrollTop / ROW) - 10);
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewport) / ROW) + 10);

  const setSortBy = (s: Sort) => {
    if (s === sort) setUrlFilters({ dir: sortDir === 'asc' ? 'desc' : 'asc' });
    else setUrlFilters({ sort: s, dir: '' });
  };

  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const selectedDevices = rows.filter((r) => selected.has(r.id));
  const bulkActions = BULK_ACTIONS.filter((a) => (a.permission === 'devices:execute' ? canExecute : canWrite));

  async function exportCsv() {
    setExporting(0);
    try {
      const all = await fetchAllDevices(filters, setExporting);
      const needExtras = cols.some((c) => c.id === 'site' || c.id === 'alerts');
      const allExtras = needExtras ? await fetchDeviceListExtras(all.map((d) => d.id)) : new Map();
      const csvCtx: ColumnContext = { orgName: ctx.orgName, extra: (id) => allExtras.get(id) };
      downloadText(`devices-${new Date().toISOString().slice(0, 10)}.csv`, toCsv(['id', ...cols.map((c) => c.label)], all.map((d) => [d.id, ...cols.map((c) => c.csv(d, csvCtx))])));
    } finally {
      setExporting(null);
    }
  }

  const filtered = Boolean(status || os || tag || q || filter);
  const noDevicesAtAll = list.data && rows.length === 0 && cursor === '' && !filtered;
  const pageStart = (cursors.length - 1) * limit;
  const actionTitle = action ? `${BULK_ACTIONS.find((a) => a.kind === action.kind)?.title} ${action.devices.length === 1 ? (action.devices[0].displayName ?? action.devices[0].hostname) : `${action.devices.length} devices`}` : '';

  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title="Devices"
        description={total !== null ? `${total} device${total === 1 ? '' : 's'}${orgId ? ` in ${ctx.orgName(orgId)}` : ''}` : undefined}
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
            {canWrite && (
              <Link href="/enrollment-keys?create=1" className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
                Add devices
              </Link>
            )}
          </>
        }
      />
      <FilterBar label="Filter devices">
        <input type="search" aria-label="Search hostname" placeholder="Search hostname…" value={searchText} onChange={(e) => setSearchText(e.target.value)} className={FILTER_SEARCH_CLASS} />
        <select aria-label="Status" value={status} onChange={(e) => setUrlFilters({ status: e.target.value })} className={INLINE_INPUT_CLASS}>
          <option value="">Any status</option>
          {['online', 'offline', 'pending', 'uninstalled'].map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <select aria-label="Operating system" value={os} onChange={(e) => setUrlFilters({ os: e.target.value })} className={INLINE_INPUT_CLASS}>
          <option value="">Any OS</option>
          {['windows', 'linux', 'macos'].map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <select aria-label="Tag" value={tag} onChange={(e) => setUrlFilters({ tag: e.target.value })} className={INLINE_INPUT_CLASS}>
          <option value="">Any tag</option>
          {tag && !tags.data?.data.some((t) => t.tag === tag) && <option value={tag}>{tag}</option>}
          {tags.data?.data.map((t) => (
            <option key={t.tag} value={t.tag}>
              {t.tag} ({t.deviceCount})
            </option>
          ))}
        </select>
        {canReadFilters && <SavedFiltersControl filterId={filter} onPick={(id) => setUrlFilters({ filter: id })} />}
      </FilterBar>

      {selected.size > 0 && (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-brand-500 bg-brand-50 px-3 py-2 text-sm dark:bg-slate-900" role="region" aria-label="Bulk actions">
          <span>{selected.size} selected</span>
          {bulkActions.map((a) => (
            <Button key={a.kind} variant={a.kind === 'command' ? 'primary' : 'secondary'} onClick={() => setAction({ kind: a.kind, devices: selectedDevices })}>
              {a.label}
            </Button>
          ))}
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
            canWrite && (
              <Link href="/enrollment-keys?create=1" className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
                Get the install command
              </Link>
            )
          }
        >
          Create an enrollment key and run its one-line install command on each computer. Devices appear here as soon as their agent enrolls.
        </EmptyState>
      ) : (
        <div role="table" aria-label="Devices" aria-rowcount={(total ?? rows.length) + 1} className="relative max-w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-800 dark:bg-slate-900">
          <div className="overflow-x-auto">
            <div className="min-w-[56rem]">
              <div role="rowgroup">
                <div role="row" aria-rowindex={1} className="grid items-center border-b border-slate-200 bg-slate-50 px-2 text-left text-slate-600 dark:border-slate-800 dark:bg-slate-800 dark:text-slate-300" style={{ gridTemplateColumns: grid, height: ROW }}>
                  <div role="columnheader">
                    <input type="checkbox" aria-label="Select all devices on this page" checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)))} />
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
                  <div role="columnheader">
                    <span className="sr-only">Actions</span>
                  </div>
                </div>
              </div>
              <div ref={scroller} role="rowgroup" onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)} className="relative overflow-y-auto" style={{ maxHeight: 'max(20rem, calc(100vh - 24rem))' }} data-testid="device-rows">
                <div style={{ height: rows.length * ROW, position: 'relative' }}>
                  {rows.slice(first, last).map((d, i) => {
                    const index = first + i;
                    const name = d.displayName ?? d.hostname;
                    return (
                      <div
                        key={d.id}
                        role="row"
                        aria-rowindex={pageStart + index + 2}
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
                        <div role="cell">
                          <button type="button" aria-label={`Actions for ${name}`} onClick={() => setMenuFor(d)} className="rounded-md px-2 py-1 text-lg leading-none text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
                            ⋯
                          </button>
                        </div>
                      </div>
                    );
                  })}
                </div>
                {list.data && rows.length === 0 && (
                  <p className="p-4 text-slate-500" role="status">
                    No device matches these filters.
                  </p>
                )}
              </div>
            </div>
          </div>
        </div>
      )}

      {!noDevicesAtAll && (
        <nav aria-label="Pagination" className="flex flex-wrap items-center gap-3 text-sm">
          <PageSizeSelect value={limit} onChange={(n) => setUrlFilters({ limit: String(n) })} />
          <span role="status">
            {rows.length ? `${pageStart + 1}–${pageStart + rows.length}` : '0'}
            {total !== null ? ` of ${total}` : ''}
          </span>
          <Button variant="secondary" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous
          </Button>
          <Button variant="secondary" disabled={!list.data?.nextCursor || list.isPlaceholderData} onClick={() => list.data?.nextCursor && setCursors((c) => [...c, list.data!.nextCursor!])}>
            Next
          </Button>
        </nav>
      )}

      <Dialog open={menuFor !== null} onClose={() => setMenuFor(null)} title={menuFor ? `${menuFor.displayName ?? menuFor.hostname}` : 'Device'}>
        {menuFor && (
          <div className="grid gap-2" role="group" aria-label="Quick actions">
            <Link href={`/devices/${menuFor.id}`} className={MENU_LINK}>
              Open device
            </Link>
            {canExecute && (
              <button type="button" className={`${MENU_LINK} text-left`} onClick={() => (setAction({ kind: 'script', devices: [menuFor] }), setMenuFor(null))}>
                Run script…
              </button>
            )}
            {canExecute && (
              <button type="button" className={`${MENU_LINK} text-left`} onClick={() => (setAction({ kind: 'reboot', devices: [menuFor] }), setMenuFor(null))}>
                Reboot…
              </button>
            )}
            <Link href={`/alerts?device=${menuFor.id}`} className={MENU_LINK}>
              Open alerts for this device
            </Link>
          </div>
        )}
      </Dialog>

      <Dialog open={action !== null} onClose={() => setAction(null)} title={actionTitle}>
        {action && <BulkActionBody key={`${action.kind}:${action.devices.map((d) => d.id).join(',')}`} kind={action.kind} devices={action.devices} onClose={() => setAction(null)} />}
      </Dialog>
    </div>
  );
}
