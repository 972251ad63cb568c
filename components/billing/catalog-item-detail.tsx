'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useCatalogItem, useDeleteCatalogItem, useUpdateCatalogItem } from '@/hooks/use-catalog';
import { useCan } from '@/hooks/use-me';
import { formatDate } from '@/lib/client/format';
import { useBreadcrumbLabel } from '@/components/shell/breadcrumbs';
import { Button } from '@/components/ui/button';
import { Card, ErrorText, PageHeader } from '@/components/ui/controls';
import { BillingStatus, errorLine, Money } from '@/components/billing/billing-ui';
import { FormError } from '@/components/ui/form-error';
import { CatalogItemForm, TYPE_LABELS } from '@/components/billing/catalog-item-form';

export function CatalogItemDetail({ id }: { id: string }) {
  const item = useCatalogItem(id);
  const update = useUpdateCatalogItem(id);
  const remove = useDeleteCatalogItem();
  const canManage = useCan('billing:manage');
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const i = item.data;
  useBreadcrumbLabel(id, i?.name);

  if (item.isError) return <ErrorText error={item.error} />;
  if (!i) return <p role="status">Loading…</p>;

  return (
    <div className="space-y-4">
      <PageHeader
        title={i.name}
        description={`${TYPE_LABELS[i.type]}${i.sku ? ` · SKU ${i.sku}` : ''}`}
        actions={
          <>
            <BillingStatus status={i.active ? 'active' : 'archived'} />
            {canManage && (
              <>
                <Button variant="secondary" onClick={() => setEditing((v) => !v)}>
                  {editing ? 'Close editor' : 'Edit'}
                </Button>
                <Button variant="secondary" disabled={update.isPending} onClick={() => (setError(null), update.mutate({ active: !i.active }, { onError: setError }))}>
                  {i.active ? 'Archive' : 'Restore'}
                </Button>
                <Button
                  variant="danger"
                  onClick={async () => {
                    if (!confirm(`Delete ${i.name}? Lines already priced from it keep their prices.`)) return;
                    setError(null);
                    await remove.mutateAsync(id).then(() => router.push('/billing/catalog'), setError);
                  }}
                >
                  Delete
                </Button>
              </>
            )}
          </>
        }
      />
      <FormError message={errorLine(error)} />
      {editing ? (
        <Card title="Edit item">
          <CatalogItemForm
            item={i}
            submitLabel="Save changes"
            busy={update.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              setEditing(false);
            }}
          />
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <Card title="Prices">
            {i.prices.length === 0 ? (
              <p className="text-sm text-slate-500">No prices yet. Edit the item to add one per currency you bill in; lines in a currency without a price need a unit price typed in.</p>
            ) : (
              <dl className="grid grid-cols-2 gap-1 text-sm">
                {i.prices.map((p) => (
                  <div key={p.currency} className="contents">
                    <dt className="text-slate-500">{p.currency}</dt>
                    <dd className="text-right">
                      <Money amount={p.unitPrice} currency={p.currency} />
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </Card>
          <Card title="Details">
            <dl className="grid grid-cols-[8rem_1fr] gap-1 text-sm">
              <dt className="text-slate-500">Description</dt>
              <dd className="whitespace-pre-wrap">{i.description || '—'}</dd>
              <dt className="text-slate-500">Created</dt>
              <dd>{formatDate(i.createdAt)}</dd>
              <dt className="text-slate-500">Updated</dt>
              <dd>{formatDate(i.updatedAt)}</dd>
            </dl>
          </Card>
        </div>
      )}
    </div>
  );
}
