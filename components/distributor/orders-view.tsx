'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useCreateDistributorOrder, useDistributorOrders } from '@/hooks/use-distributor';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { messageOf } from '@/lib/client/field-errors';
import { formatDate } from '@/lib/client/format';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorText, INPUT_CLASS, StatusBadge } from '@/components/ui/controls';
import { useCurrentOrg } from '@/components/shell/current-org';
import { DistributorPage } from '@/components/distributor/distributor-nav';
import { DataTable } from '@/components/ui/data-table';

export function OrdersView() {
  const router = useRouter();
  const orgs = useAllOrganizations();
  const { orgId: current } = useCurrentOrg();
  const [picked, setPicked] = useState<string | null>(null);
  const orgId = (picked ?? current) || undefined;
  const orders = useDistributorOrders(orgId);
  const create = useCreateDistributorOrder();
  const [error, setError] = useState<string | null>(null);
  const orgName = (id: string) => orgs.data?.find((o) => o.id === id)?.name ?? id.slice(0, 8);

  async function openOrder() {
    if (!orgId) return;
    setError(null);
    try {
      const res = await create.mutateAsync(orgId);
      router.push(`/distributor/orders/${res.data.id}`);
    } catch (err) {
      setError(messageOf(err, 'Could not open an order'));
    }
  }

  return (
    <DistributorPage
      title="Distributor orders"
      description="One open direct order per organization: stage lines, preflight, submit. Without an organization picked: the partner's queue of open orders."
      actions={
        <>
          <select aria-label="Organization for orders" value={orgId ?? ''} onChange={(e) => setPicked(e.target.value)} className={`${INPUT_CLASS} w-auto`}>
            <option value="">All organizations (open orders)</option>
            {orgs.data?.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
          {orgId && (
            <Button onClick={() => void openOrder()} disabled={create.isPending}>
              {create.isPending ? 'Opening…' : 'Open direct order'}
            </Button>
          )}
        </>
      }
    >
      <ErrorText error={orders.error} />
      {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
      {error && /order-ready distributor company/.test(error) && (
        <p className="text-sm">
          <Link className="text-brand-700 underline dark:text-brand-100" href="/distributor/companies">
            Map an order-ready company to this organization
          </Link>
        </p>
      )}
      {orders.data && orders.data.data.length === 0 && (
        <EmptyState title={orgId ? 'No orders for this organization yet' : 'No open orders'}>
          {orgId ? 'Open a direct order to add new subscriptions, change quantities or cancel subscriptions.' : 'Pick an organization above to see its order history or open a direct order.'}
        </EmptyState>
      )}
      {orders.data && orders.data.data.length > 0 && (
        <DataTable label="Orders" columns={['Order', 'Organization', 'Source', 'Status', 'Created', 'Submitted']}>
          {orders.data.data.map((o) => (
            <tr key={o.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <Link href={`/distributor/orders/${o.id}`} className="font-mono text-xs text-brand-700 hover:underline dark:text-brand-100">
                  {o.id.slice(0, 8)}
                </Link>
              </td>
              <td className="px-4 py-2">{orgName(o.orgId)}</td>
              <td className="px-4 py-2">{o.source}</td>
              <td className="px-4 py-2"><StatusBadge status={o.status} /></td>
              <td className="px-4 py-2 text-slate-500">{formatDate(o.createdAt)}</td>
              <td className="px-4 py-2 text-slate-500">{o.submittedAt ? formatDate(o.submittedAt) : '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </DistributorPage>
  );
}
