'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { CATALOG_ITEM_TYPES } from '@/lib/catalog/schemas';
import { useCatalog, useCreateCatalogItem } from '@/hooks/use-catalog';
import { useCan } from '@/hooks/use-me';
import { Button } from '@/components/ui/button';
import { Card, EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager } from '@/components/ui/controls';
import { BillingStatus, LINK, Money, TD, TH, TR } from '@/components/billing/billing-ui';
import { CatalogItemForm, TYPE_LABELS } from '@/components/billing/catalog-item-form';
import { DataTable } from '@/components/ui/data-table';

export function CatalogView() {
  const params = useSearchParams();
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [active, setActive] = useState('true');
  const [page, setPage] = useState(1);
  const items = useCatalog({ page, search: search.trim() || undefined, type: type || undefined, active: active || undefined });
  const canManage = useCan('billing:manage');
  const create = useCreateCatalogItem();
  const router = useRouter();
  const [creating, setCreating] = useState(params.get('create') === '1');
  const filtered = !!(search.trim() || type || active !== 'true');

  return (
    <div className="space-y-4">
      <PageHeader
        title="Catalog"
        description="Products and services you sell, with a price per currency. Contract, quote and invoice lines are priced from it."
        actions={canManage && <Button onClick={() => setCreating((v) => !v)}>{creating ? 'Close' : 'New item'}</Button>}
      />
      {creating && (
        <Card title="New catalog item">
          <CatalogItemForm
            submitLabel="Create item"
            busy={create.isPending}
            onCancel={() => setCreating(false)}
            onSubmit={async (body) => {
              const item = await create.mutateAsync(body);
              router.push(`/billing/catalog/${item.id}`);
            }}
          />
        </Card>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <input
          type="search"
          aria-label="Search by name or SKU"
          placeholder="Search by name or SKU"
          className={`${INPUT_CLASS} w-64`}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <select aria-label="Type" className={`${INPUT_CLASS} w-auto`} value={type} onChange={(e) => (setType(e.target.value), setPage(1))}>
          <option value="">All types</option>
          {CATALOG_ITEM_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
        <select aria-label="Availability" className={`${INPUT_CLASS} w-auto`} value={active} onChange={(e) => (setActive(e.target.value), setPage(1))}>
          <option value="true">Active</option>
          <option value="false">Archived</option>
          <option value="">Active and archived</option>
        </select>
      </div>
      <ErrorText error={items.error} />
      {items.data && items.data.data.length === 0 && (
        <EmptyState title={filtered ? 'No items match these filters' : 'No active catalog items'} action={!filtered && canManage && !creating && <Button onClick={() => setCreating(true)}>Add your first item</Button>}>
          {filtered ? 'Clear the search or show archived items.' : 'Add the services and products you bill for; contract and invoice lines then take their prices from here. Archived items are listed under “Archived”.'}
        </EmptyState>
      )}
      {items.data && items.data.data.length > 0 && (
        <DataTable
          head={
            <>
            <th className={TH}>Name</th>
            <th className={TH}>SKU</th>
            <th className={TH}>Type</th>
            <th className={TH}>Prices</th>
            <th className={TH}>Status</th>
            </>
          }
        >
          {items.data.data.map((i) => (
            <tr key={i.id} className={TR}>
              <td className={TD}>
                <Link href={`/billing/catalog/${i.id}`} className={LINK}>
                  {i.name}
                </Link>
              </td>
              <td className={`${TD} font-mono text-xs`}>{i.sku ?? '—'}</td>
              <td className={TD}>{TYPE_LABELS[i.type]}</td>
              <td className={TD}>
                {i.prices.length === 0 ? (
                  <span className="text-slate-500">No price</span>
                ) : (
                  <span className="flex flex-wrap gap-x-3">
                    {i.prices.map((p) => (
                      <Money key={p.currency} amount={p.unitPrice} currency={p.currency} />
                    ))}
                  </span>
                )}
              </td>
              <td className={TD}>
                <BillingStatus status={i.active ? 'active' : 'archived'} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {items.data && <Pager page={page} total={items.data.pagination.total} limit={50} onPage={setPage} />}
    </div>
  );
}
