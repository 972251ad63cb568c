'use client';

// The fleet's installed software: one row per package and vendor with its versions and device
// counts; filters, sort and page kept in the URL; CSV export of every matching row (written by
// the server); a package opens the devices having it.
import Link from 'next/link';
import { useCallback, useMemo, useState } from 'react';
import { fetchInventoryCsv, usePackageDevices, useSoftwareInventory, type InventoryFilters, type InventoryPackage } from '@/hooks/use-software';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useUrlFilters, useUrlText } from '@/hooks/use-url-filters';
import { downloadText } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, ErrorText, FILTER_SEARCH_CLASS, FilterBar, INLINE_INPUT_CLASS, PAGE_SIZES, PageHeader, PageSizeSelect, Pager } from '@/components/ui/controls';

const FILTER_DEFAULTS = { q: '', org: '', os: '', version: '', sort: 'name', dir: '', page: '1', limit: '50' };
const SORTS = { name: 'Name', deviceCount: 'Devices', versionCount: 'Versions' } as const;
const CELL = 'px-4 py-2';

export function SoftwareInventoryView() {
  const [f, setF] = useUrlFilters(FILTER_DEFAULTS);
  const [searchText, setSearchText] = useUrlText(f.q, useCallback((q: string) => setF({ q, page: '1' }, { replace: true }), [setF]));
  const [versionText, setVersionText] = useUrlText(f.version, useCallback((version: string) => setF({ version, page: '1' }, { replace: true }), [setF]));
  const orgs = useAllOrganizations();
  const sort = f.sort in SORTS ? (f.sort as keyof typeof SORTS) : 'name';
  const limit = (PAGE_SIZES as readonly number[]).includes(Number(f.limit)) ? Number(f.limit) : 50;
  const page = Math.max(1, Number(f.page) || 1);
  // URL values go to the server as they are; it answers a bad one with a 400 shown below.
  const base = useMemo(
    (): Omit<InventoryFilters, 'page' | 'limit'> => ({ search: f.q || undefined, orgId: f.org || undefined, osType: (f.os || undefined) as InventoryFilters['osType'], version: f.version || undefined, sort, sortDir: (f.dir || undefined) as InventoryFilters['sortDir'] }),
    [f.q, f.org, f.os, f.version, sort, f.dir],
  );
  const list = useSoftwareInventory({ ...base, page, limit });
  const [open, setOpen] = useState<InventoryPackage | null>(null);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      downloadText(`software-inventory-${new Date().toISOString().slice(0, 10)}.csv`, await fetchInventoryCsv(base));
    } finally {
      setExporting(false);
    }
  }

  const setSort = (s: keyof typeof SORTS) => (s === sort ? setF({ dir: (f.dir || (sort === 'name' ? 'asc' : 'desc')) === 'asc' ? 'desc' : 'asc' }) : setF({ sort: s, dir: '', page: '1' }));
  const arrow = (s: keyof typeof SORTS) => (s !== sort ? '' : (f.dir || (sort === 'name' ? 'asc' : 'desc')) === 'asc' ? ' ▲' : ' ▼');
  const data = list.data;

  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title="Software"
        description={data ? `${data.pagination.total} package${data.pagination.total === 1 ? '' : 's'} on ${data.totalDevices} device${data.totalDevices === 1 ? '' : 's'}` : 'Installed software across the fleet, as the agents report it'}
        actions={
          <>
            <Link href="/software/catalog" className="rounded-md border border-slate-300 px-3.5 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
              Catalog
            </Link>
            <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting || !data || data.data.length === 0}>
              {exporting ? 'Exporting…' : 'Export CSV'}
            </Button>
          </>
        }
      />
      <FilterBar label="Filter software">
        <input type="search" aria-label="Search software" placeholder="Search name or vendor…" value={searchText} onChange={(e) => setSearchText(e.target.value)} className={FILTER_SEARCH_CLASS} />
        <select aria-label="Organization" value={f.org} onChange={(e) => setF({ org: e.target.value, page: '1' })} className={INLINE_INPUT_CLASS}>
          <option value="">All organizations</option>
          {orgs.data?.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
        <select aria-label="Operating system" value={f.os} onChange={(e) => setF({ os: e.target.value, page: '1' })} className={INLINE_INPUT_CLASS}>
          <option value="">Any OS</option>
          {['linux', 'windows', 'macos'].map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <input aria-label="Version" placeholder="Exact version" value={versionText} onChange={(e) => setVersionText(e.target.value)} className={`${INLINE_INPUT_CLASS} w-36`} />
      </FilterBar>

      {list.isError && <ErrorText error={list.error} />}
      {data && data.data.length === 0 ? (
        <EmptyState title="No software found">{f.q || f.org || f.os || f.version ? 'No package matches these filters.' : 'Devices report their installed software with their inventory.'}</EmptyState>
      ) : (
        <DataTable
          label="Installed software"
          testId="software-inventory"
          head={
            <>
              <th className={`${CELL} font-medium`}>
                <button type="button" onClick={() => setSort('name')}>
                  Package{arrow('name')}
                </button>
              </th>
              <th className={`${CELL} font-medium`}>Vendor</th>
              <th className={`${CELL} font-medium`}>
                <button type="button" onClick={() => setSort('versionCount')}>
                  Versions{arrow('versionCount')}
                </button>
              </th>
              <th className={`${CELL} text-right font-medium`}>
                <button type="button" onClick={() => setSort('deviceCount')}>
                  Devices{arrow('deviceCount')}
                </button>
              </th>
            </>
          }
        >
          {data?.data.map((p) => (
            <tr key={`${p.name}\u0000${p.vendor ?? ''}`} className="border-t border-slate-100 dark:border-slate-800" data-testid="software-row">
              <td className={`${CELL} break-all`}>
                <button type="button" className="text-left font-medium text-brand-700 underline dark:text-brand-300" onClick={() => setOpen(p)}>
                  {p.name}
                </button>
              </td>
              <td className={`${CELL} text-slate-600 dark:text-slate-400`}>{p.vendor ?? '—'}</td>
              <td className={CELL}>
                {p.versions.slice(0, 4).map((v) => `${v.version ?? '(none)'} (${v.deviceCount})`).join(', ')}
                {p.versions.length > 4 && ` +${p.versions.length - 4} more`}
              </td>
              <td className={`${CELL} text-right tabular-nums`}>{p.deviceCount}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {data && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <PageSizeSelect value={limit} onChange={(n) => setF({ limit: String(n), page: '1' })} />
          <Pager page={page} total={data.pagination.total} limit={limit} onPage={(p) => setF({ page: String(p) })} />
        </div>
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open ? `Devices with ${open.name}` : ''} wide>
        {open && <PackageDevices pkg={open} orgId={f.org || undefined} osType={f.os || undefined} />}
      </Dialog>
    </div>
  );
}

function PackageDevices({ pkg, orgId, osType }: { pkg: InventoryPackage; orgId?: string; osType?: string }) {
  const [page, setPage] = useState(1);
  const devices = usePackageDevices(pkg, { orgId, osType, page });
  if (devices.isError) return <ErrorText error={devices.error} />;
  if (!devices.data) return <p role="status">Loading…</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-500">{pkg.vendor ?? 'No vendor'} · {devices.data.pagination.total} device{devices.data.pagination.total === 1 ? '' : 's'}</p>
      <DataTable label={`Devices with ${pkg.name}`} testId="package-devices" columns={['Device', 'Version', 'OS', 'Status']}>
        {devices.data.data.map((d) => (
          <tr key={d.softwareId} className="border-t border-slate-100 dark:border-slate-800">
            <td className={CELL}>
              <Link href={`/devices/${d.deviceId}`} className="text-brand-700 underline dark:text-brand-300">
                {d.displayName ?? d.hostname}
              </Link>
            </td>
            <td className={CELL}>{d.version ?? '—'}</td>
            <td className={CELL}>{d.osType ?? '—'}</td>
            <td className={CELL}>{d.status}</td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page} total={devices.data.pagination.total} limit={devices.data.pagination.limit} onPage={setPage} />
    </div>
  );
}
