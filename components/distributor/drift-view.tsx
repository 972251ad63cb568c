'use client';

import Link from 'next/link';
import { useDistributorDrift, useDistributorIntegration } from '@/hooks/use-distributor';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { EmptyState, ErrorText } from '@/components/ui/controls';
import { DistributorPage } from '@/components/distributor/distributor-nav';
import { DataTable } from '@/components/ui/data-table';

export function DriftView() {
  const integration = useDistributorIntegration();
  const drift = useDistributorDrift(integration.data?.data?.id);
  const orgs = useAllOrganizations();
  const orgName = (id: string) => orgs.data?.find((o) => o.id === id)?.name ?? id.slice(0, 8);
  return (
    <DistributorPage title="Quantity drift" description="Linked subscriptions whose distributor quantity differs from the contract line's billing quantity. Billing is never changed automatically.">
      <ErrorText error={drift.error} />
      {drift.data && drift.data.data.length === 0 && (
        <EmptyState title="No drift">
          Billing and distributor quantities agree for every linked subscription. Only subscriptions <Link className="text-brand-700 underline dark:text-brand-100" href="/distributor/subscriptions">linked to a contract line</Link> are compared.
        </EmptyState>
      )}
      {drift.data && drift.data.data.length > 0 && (
        <DataTable label="Quantity drift" columns={['Organization', 'Product', 'Subscription', 'Billing quantity', 'Distributor quantity', 'Difference']}>
          {drift.data.data.map((d) => (
            <tr key={d.contractLineId + d.distributorSubscriptionId} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">{orgName(d.orgId)}</td>
              <td className="px-4 py-2">{d.productName ?? '—'}</td>
              <td className="px-4 py-2 font-mono text-xs">{d.distributorSubscriptionId}</td>
              <td className="px-4 py-2">{d.billingQuantity}</td>
              <td className="px-4 py-2">{d.distributorQuantity}</td>
              <td className="px-4 py-2 font-medium">{(Number(d.distributorQuantity) - Number(d.billingQuantity)).toFixed(2).replace(/\.00$/, '')}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </DistributorPage>
  );
}
