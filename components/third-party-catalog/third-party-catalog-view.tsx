'use client';

// The third-party catalog (platform operators): applications with their update sources, filtered
// by vendor, tested state and a search; an entry opens its details, smoke tests and edits.
import { useCallback, useState } from 'react';
import { useThirdPartyCatalog, type ThirdPartyFilters } from '@/hooks/use-third-party-catalog';
import { useUrlFilters, useUrlText } from '@/hooks/use-url-filters';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { Badge, EmptyState, ErrorText, FILTER_SEARCH_CLASS, FilterBar, INLINE_INPUT_CLASS, PageHeader, Pager } from '@/components/ui/controls';
import { ThirdPartyAppForm } from '@/components/third-party-catalog/third-party-app-form';
import { ThirdPartyAppDetail } from '@/components/third-party-catalog/third-party-app-detail';

const FILTER_DEFAULTS = { q: '', vendor: '', tested: '', page: '1', open: '' };
const CELL = 'px-4 py-2';

export function ThirdPartyCatalogView() {
  const [f, setF] = useUrlFilters(FILTER_DEFAULTS);
  const [searchText, setSearchText] = useUrlText(f.q, useCallback((q: string) => setF({ q, page: '1' }, { replace: true }), [setF]));
  const [vendorText, setVendorText] = useUrlText(f.vendor, useCallback((vendor: string) => setF({ vendor, page: '1' }, { replace: true }), [setF]));
  const page = Math.max(1, Number(f.page) || 1);
  const list = useThirdPartyCatalog({ search: f.q || undefined, vendor: f.vendor || undefined, serviceTested: (f.tested || undefined) as ThirdPartyFilters['serviceTested'], page });
  const [creating, setCreating] = useState(false);

  return (
    <div className="min-w-0 space-y-4">
      <PageHeader
        title="Third-party catalog"
        description="Applications outside operating-system updates, where each platform gets them, and whether their latest version passed a smoke test."
        actions={<Button onClick={() => setCreating(true)}>Add application</Button>}
      />
      <FilterBar label="Filter third-party catalog">
        <input type="search" aria-label="Search applications" placeholder="Search name, vendor, category…" value={searchText} onChange={(e) => setSearchText(e.target.value)} className={FILTER_SEARCH_CLASS} />
        <input type="text" aria-label="Vendor" placeholder="Vendor" value={vendorText} onChange={(e) => setVendorText(e.target.value)} className={INLINE_INPUT_CLASS} />
        <select aria-label="Tested" value={f.tested} onChange={(e) => setF({ tested: e.target.value, page: '1' })} className={INLINE_INPUT_CLASS}>
          <option value="">Tested or not</option>
          <option value="true">Latest version tested</option>
          <option value="false">Not tested</option>
        </select>
      </FilterBar>
      {list.isError && <ErrorText error={list.error} />}
      {list.data && list.data.data.length === 0 ? (
        <EmptyState title="No applications">{f.q || f.vendor || f.tested ? 'No application matches these filters.' : 'Add an application with its update sources.'}</EmptyState>
      ) : (
        <DataTable label="Third-party catalog" testId="third-party-catalog" columns={['Application', 'Platforms', 'Latest version', 'Tested', 'Test device']}>
          {list.data?.data.map((a) => (
            <tr key={a.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className={CELL}>
                <button type="button" className="text-left font-medium text-brand-700 underline dark:text-brand-300" onClick={() => setF({ open: a.id })}>
                  {a.name}
                </button>
                <span className="block text-xs text-slate-500 dark:text-slate-400">{[a.vendor, a.category].filter(Boolean).join(' · ')}</span>
              </td>
              <td className={CELL}>{a.platforms.join(', ') || '—'}</td>
              <td className={CELL}>{a.latestVersion ?? '—'}</td>
              <td className={CELL}>{a.serviceTested ? <Badge tone="green">tested</Badge> : <Badge tone="slate">not tested</Badge>}</td>
              <td className={CELL}>{a.testDevice?.hostname ?? '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {list.data && <Pager page={page} total={list.data.pagination.total} limit={50} onPage={(p) => setF({ page: String(p) })} />}
      <Dialog open={creating} onClose={() => setCreating(false)} title="Add application" wide>
        {creating && (
          <ThirdPartyAppForm
            onDone={(id) => {
              setCreating(false);
              setF({ open: id });
            }}
          />
        )}
      </Dialog>
      <Dialog open={f.open !== ''} onClose={() => setF({ open: '' })} title="Third-party application" wide>
        {f.open && <ThirdPartyAppDetail id={f.open} onDeleted={() => setF({ open: '' })} />}
      </Dialog>
    </div>
  );
}
