'use client';

// Every partner on the platform; only system-scope users reach this (the API refuses others).
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { PARTNER_STATUSES, useCreatePartner, usePartners } from '@/hooks/use-partners';
import { useCan, useMe } from '@/hooks/use-me';
import { formatRelative } from '@/lib/client/format';
import { PartnerForm } from '@/components/partners/partner-form';
import { Button } from '@/components/ui/button';
import { Card, EmptyState, ErrorText, PageHeader, Pager, StatusBadge } from '@/components/ui/controls';
import { INLINE_INPUT_CLASS } from '@/components/ui/field';
import { DataTable } from '@/components/ui/data-table';

export function PartnersView() {
  const me = useMe();
  const system = me.data?.scope === 'system';
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const partners = usePartners({ page, status: status || undefined, search: search.trim() || undefined }, system);
  const canWrite = useCan('orgs:write');
  const create = useCreatePartner();
  const router = useRouter();
  const [creating, setCreating] = useState(false);

  if (me.data && !system) return <EmptyState title="Platform administrators only">Partners are managed by the platform operator. Your own partner’s settings are under Partner settings.</EmptyState>;
  const filtered = !!(status || search.trim());
  return (
    <div className="space-y-4">
      <PageHeader
        title="Partners"
        description="The MSPs and other tenants on this platform: their plan, limits and lifecycle."
        actions={canWrite && <Button onClick={() => setCreating((v) => !v)}>{creating ? 'Cancel' : 'New partner'}</Button>}
      />
      {creating && (
        <Card title="New partner">
          <PartnerForm
            withStatus
            submitLabel="Create partner"
            onSubmit={async (body, status) => {
              const p = await create.mutateAsync({ ...body, status: status ?? 'active' });
              setCreating(false);
              router.push(`/partners/${p.id}`);
            }}
          />
        </Card>
      )}
      <div className="flex flex-wrap gap-2" role="search" aria-label="Filter partners">
        <select aria-label="Status" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }} className={`${INLINE_INPUT_CLASS} w-auto`}>
          <option value="">Any status</option>
          {PARTNER_STATUSES.map((s) => (
            <option key={s} value={s}>{s}</option>
          ))}
        </select>
        <input type="search" aria-label="Search partners" placeholder="Name or slug" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} className={`${INLINE_INPUT_CLASS} w-56`} />
      </div>
      <ErrorText error={partners.error} />
      {partners.data && partners.data.data.length === 0 && (
        <EmptyState title={filtered ? 'No partner matches' : 'No partners yet'} action={!filtered && canWrite && !creating && <Button onClick={() => setCreating(true)}>Add a partner</Button>}>
          {filtered ? 'Clear the filters to see every partner.' : 'Partners also appear here when they sign up through registration.'}
        </EmptyState>
      )}
      {partners.data && partners.data.data.length > 0 && (
        <DataTable label="Partners" columns={['Name', 'Slug', 'Plan', 'Status', 'Created']}>
          {partners.data.data.map((p) => (
            <tr key={p.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <Link href={`/partners/${p.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">{p.name}</Link>
              </td>
              <td className="px-4 py-2 font-mono text-xs">{p.slug}</td>
              <td className="px-4 py-2">{p.plan}</td>
              <td className="px-4 py-2"><StatusBadge status={p.status} /></td>
              <td className="px-4 py-2 text-slate-500">{formatRelative(p.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {partners.data && <Pager page={page} total={partners.data.pagination.total} limit={50} onPage={setPage} />}
    </div>
  );
}
