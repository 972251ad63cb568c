'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ASSET_KINDS, useAssets, useCreateAsset, type AssetFilters } from '@/hooks/use-assets';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan, useMe } from '@/hooks/use-me';
import { formatRelative } from '@/lib/client/format';
import { useCurrentOrg } from '@/components/shell/current-org';
import { AssetForm } from '@/components/assets/asset-form';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager } from '@/components/ui/controls';
import { INLINE_INPUT_CLASS } from '@/components/ui/field';
import { DataTable } from '@/components/ui/data-table';

export function AssetsView() {
  const me = useMe();
  const orgs = useAllOrganizations();
  const { orgId: current } = useCurrentOrg();
  const orgScoped = me.data?.scope === 'organization';
  const [filters, setFilters] = useState<AssetFilters>({ page: 1 });
  const assets = useAssets({ ...filters, orgId: orgScoped ? undefined : filters.orgId });
  const canWrite = useCan('devices:write');
  const create = useCreateAsset();
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [createOrg, setCreateOrg] = useState('');
  const targetOrg = orgScoped ? (me.data?.orgId ?? '') : createOrg || filters.orgId || current || orgs.data?.[0]?.id || '';
  const orgName = (id: string) => orgs.data?.find((o) => o.id === id)?.name ?? '—';
  const set = (patch: Partial<AssetFilters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));
  const filtered = !!(filters.orgId || filters.kind || filters.checkedOut || filters.search);

  return (
    <div className="space-y-4">
      <PageHeader
        title="Assets"
        description="Equipment and licences of your organizations, and who has borrowed what through the customer portal."
        actions={canWrite && <Button onClick={() => setCreating((v) => !v)}>{creating ? 'Cancel' : 'New asset'}</Button>}
      />
      {creating && (
        <Card title="New asset">
          {!orgScoped && (
            <div className="mb-3 max-w-sm">
              <label className="block text-sm font-medium text-slate-700 dark:text-slate-300" htmlFor="asset-org">
                Organization
              </label>
              <select id="asset-org" value={targetOrg} onChange={(e) => setCreateOrg(e.target.value)} className={INPUT_CLASS}>
                {orgs.data?.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {targetOrg ? (
            <AssetForm
              key={targetOrg}
              orgId={targetOrg}
              submitLabel="Create asset"
              onSubmit={async (body) => {
                const asset = await create.mutateAsync({ ...body, orgId: targetOrg });
                setCreating(false);
                router.push(`/assets/${asset.id}`);
              }}
            />
          ) : (
            <p className="text-sm text-slate-500">
              Assets belong to an organization. <Link className="text-brand-700 underline" href="/organizations?create=1">Create an organization</Link> first.
            </p>
          )}
        </Card>
      )}
      <div className="flex flex-wrap items-end gap-2" role="search" aria-label="Filter assets">
        {!orgScoped && (
          <select aria-label="Organization" value={filters.orgId ?? ''} onChange={(e) => set({ orgId: e.target.value || undefined })} className={`${INLINE_INPUT_CLASS} w-auto`}>
            <option value="">All organizations</option>
            {orgs.data?.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        )}
        <select aria-label="Status" value={filters.checkedOut ?? ''} onChange={(e) => set({ checkedOut: (e.target.value || undefined) as AssetFilters['checkedOut'] })} className={`${INLINE_INPUT_CLASS} w-auto`}>
          <option value="">Any status</option>
          <option value="false">Available</option>
          <option value="true">Checked out</option>
        </select>
        <select aria-label="Kind" value={filters.kind ?? ''} onChange={(e) => set({ kind: e.target.value || undefined })} className={`${INLINE_INPUT_CLASS} w-auto`}>
          <option value="">Any kind</option>
          {ASSET_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        <input type="search" aria-label="Search assets" placeholder="Name, tag or serial" defaultValue={filters.search} onChange={(e) => set({ search: e.target.value || undefined })} className={`${INLINE_INPUT_CLASS} w-56`} />
      </div>
      <ErrorText error={assets.error} />
      {assets.data && assets.data.data.length === 0 && (
        <EmptyState title={filtered ? 'No assets match these filters' : 'No assets yet'} action={!filtered && canWrite && !creating && <Button onClick={() => setCreating(true)}>Add an asset</Button>}>
          {filtered ? 'Clear a filter to see more.' : 'Record the equipment you manage for a customer; mark items checkout-able so their people can borrow them from the portal.'}
        </EmptyState>
      )}
      {assets.data && assets.data.data.length > 0 && (
        <DataTable label="Assets" testId="assets" columns={['Name', 'Kind', 'Tag', 'Organization', 'Status']}>
          {assets.data.data.map((a) => (
            <tr key={a.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <Link href={`/assets/${a.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                  {a.name}
                </Link>
              </td>
              <td className="px-4 py-2 text-slate-500">{a.kind}</td>
              <td className="px-4 py-2 font-mono text-xs">{a.assetTag ?? '—'}</td>
              {!orgScoped && <td className="px-4 py-2 text-slate-500">{orgName(a.orgId)}</td>}
              <td className="px-4 py-2">
                {a.checkout ? (
                  <Badge tone="amber">Checked out · {a.checkout.contact.name ?? a.checkout.contact.email} · {formatRelative(a.checkout.checkedOutAt)}</Badge>
                ) : a.checkoutable ? (
                  <Badge tone="green">Available</Badge>
                ) : (
                  <Badge>In service</Badge>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {assets.data && <Pager page={filters.page} total={assets.data.pagination.total} limit={50} onPage={(page) => setFilters((f) => ({ ...f, page }))} />}
    </div>
  );
}
