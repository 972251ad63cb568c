'use client';

import { useState } from 'react';
import { useDistributorProducts, useProductDependencies, useProvisionDetails } from '@/hooks/use-distributor';
import { Card, EmptyState, ErrorText } from '@/components/ui/controls';
import { Button } from '@/components/ui/button';
import { DistributorPage } from '@/components/distributor/distributor-nav';
import { commitmentSummary } from '@/components/distributor/provisioning-fields';
import { DataTable } from '@/components/ui/data-table';

export function ProductsView() {
  const products = useDistributorProducts();
  const [open, setOpen] = useState<string | undefined>();
  return (
    <DistributorPage title="Distributor products" description="Distributor products you can order: those whose vendor SKU is the SKU of an active item of your catalog.">
      <ErrorText error={products.error} />
      {products.data && products.data.data.length === 0 && (
        <EmptyState title="No orderable products">
          A product becomes orderable when an active catalog item has the product’s vendor SKU as its SKU (and the product has been synced). Add or edit catalog items, then sync the distributor.
        </EmptyState>
      )}
      {products.data && products.data.data.length > 0 && (
        <DataTable label="Distributor products" columns={['Product', 'Vendor SKU', 'Catalog item', 'Billing', { label: 'Details', hidden: true }]}>
          {products.data.data.map((p) => (
            <tr key={p.distributorProductId} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <div className="font-medium">{p.productName}</div>
                <div className="font-mono text-xs text-slate-500">{p.distributorProductId}</div>
              </td>
              <td className="px-4 py-2 font-mono text-xs">{p.vendorSkuId}</td>
              <td className="px-4 py-2">{p.catalogName}</td>
              <td className="px-4 py-2 text-slate-500">
                {p.billingFrequency ?? '—'}
                {p.commitmentTermMonths ? `, ${p.commitmentTermMonths}-month term` : ''}
              </td>
              <td className="px-4 py-2">
                <Button variant="secondary" className="px-2.5 py-1 text-xs" aria-expanded={open === p.distributorProductId} onClick={() => setOpen(open === p.distributorProductId ? undefined : p.distributorProductId)}>
                  {open === p.distributorProductId ? 'Hide details' : `Details of ${p.productName}`}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {open && <ProductDetails productId={open} />}
    </DistributorPage>
  );
}

function ProductDetails({ productId }: { productId: string }) {
  const details = useProvisionDetails(productId);
  const deps = useProductDependencies(productId);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card title="Provisioning fields">
        <p className="mb-2 text-xs text-slate-500">Read live from the distributor. Orders send these as provisioning details.</p>
        <ErrorText error={details.error} />
        {details.isLoading && <p role="status" className="text-sm text-slate-500">Loading…</p>}
        {details.data?.data.length === 0 && <p className="text-sm text-slate-500">This product needs no provisioning details.</p>}
        <ul className="space-y-2 text-sm">
          {details.data?.data.map((f) => (
            <li key={f.key}>
              <span className="font-medium">{f.label}</span> <span className="font-mono text-xs text-slate-500">({f.key}, {f.valueType})</span>
              {f.description && <div className="text-slate-500">{f.description}</div>}
              {f.possibleValues.length > 0 && <div className="text-xs">Values: {f.possibleValues.join(', ')}</div>}
            </li>
          ))}
        </ul>
      </Card>
      <Card title="Commitment terms">
        <ErrorText error={deps.error} />
        {deps.isLoading && <p role="status" className="text-sm text-slate-500">Loading…</p>}
        {deps.data?.data.commitments.length === 0 && <p className="text-sm text-slate-500">No commitment terms: orders need none.</p>}
        <ul className="space-y-1 text-sm">
          {deps.data?.data.commitments.map((c) => (
            <li key={c.id}>
              <span className="font-mono text-xs text-slate-500">{c.id}</span> — {commitmentSummary(c)}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
