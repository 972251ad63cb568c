'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useDistributorCompanies, useMapCompany, type DistributorCompany } from '@/hooks/use-distributor';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { messageOf } from '@/lib/client/field-errors';
import { Badge, EmptyState, ErrorText, INPUT_CLASS } from '@/components/ui/controls';
import { Button } from '@/components/ui/button';
import { DistributorPage, YesNo } from '@/components/distributor/distributor-nav';
import { DataTable } from '@/components/ui/data-table';

export function CompaniesView() {
  const companies = useDistributorCompanies();
  const orgs = useAllOrganizations();
  const map = useMapCompany();
  const [error, setError] = useState<string | null>(null);
  const [showIgnored, setShowIgnored] = useState(false);
  const integrationId = companies.data?.integrationId;
  const rows = companies.data?.data.filter((c) => showIgnored || !c.ignored) ?? [];

  async function change(c: DistributorCompany, body: { orgId?: string | null; ignored?: boolean }) {
    if (!integrationId) return;
    setError(null);
    try {
      await map.mutateAsync({ integrationId, distributorCompanyId: c.distributorCompanyId, ...body });
    } catch (err) {
      setError(messageOf(err, 'Could not change the mapping'));
    }
  }

  return (
    <DistributorPage title="Distributor companies" description="Map each distributor company to the organization it bills. Orders go to the one order-ready company mapped to an organization.">
      <ErrorText error={companies.error} />
      {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={showIgnored} onChange={(e) => setShowIgnored(e.target.checked)} />
        Show ignored companies
      </label>
      {companies.data && rows.length === 0 && (
        <EmptyState title="No companies synced yet" action={<Link className="text-brand-700 underline dark:text-brand-100" href="/distributor">Check the sync</Link>}>
          Companies arrive with a sync. Save working credentials on the settings tab, or press “Sync now” there.
        </EmptyState>
      )}
      {rows.length > 0 && (
        <DataTable label="Distributor companies" columns={['Company', 'Status', 'Admin / Billing / Technical contact', 'Order-ready', 'Organization', { label: 'Ignore', hidden: true }]}>
          {rows.map((c) => (
            <tr key={c.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <div className="font-medium">{c.name}</div>
                <div className="font-mono text-xs text-slate-500">{c.distributorCompanyId}</div>
                {!c.present && <Badge tone="amber">no longer at the distributor</Badge>}
                {c.ignored && <Badge>ignored</Badge>}
              </td>
              <td className="px-4 py-2">{c.status}</td>
              <td className="px-4 py-2 text-xs">
                <YesNo ok={c.primaryAdminReady} label="Primary admin" /> / <YesNo ok={c.primaryBillingReady} label="Primary billing" /> / <YesNo ok={c.primaryTechnicalReady} label="Primary technical" />
              </td>
              <td className="px-4 py-2">{c.orderReady ? <Badge tone="green">ready</Badge> : <Badge tone="amber">not ready</Badge>}</td>
              <td className="px-4 py-2">
                <select
                  aria-label={`Organization for ${c.name}`}
                  className={`${INPUT_CLASS} min-w-40`}
                  value={c.orgId ?? ''}
                  disabled={map.isPending || c.ignored}
                  onChange={(e) => {
                    const orgId = e.target.value || null;
                    if (!orgId && !confirm(`Unmap ${c.name}? Its organization can no longer order through it.`)) return;
                    void change(c, { orgId });
                  }}
                >
                  <option value="">Not mapped</option>
                  {orgs.data?.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </select>
              </td>
              <td className="px-4 py-2">
                <Button variant="secondary" className="px-2.5 py-1 text-xs" disabled={map.isPending} onClick={() => void change(c, { ignored: !c.ignored })}>
                  {c.ignored ? 'Stop ignoring' : 'Ignore'}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </DistributorPage>
  );
}
