'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useCreateScript, useScripts } from '@/hooks/use-scripts';
import { useAllOrganizations } from '@/hooks/use-organizations';
import { useCan, useMe } from '@/hooks/use-me';
import { ApiError } from '@/lib/client/api-client';
import { formatRelative } from '@/lib/client/format';
import { useCurrentOrg } from '@/components/shell/current-org';
import { ScriptEditor } from '@/components/scripts/script-editor';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, ErrorText, INPUT_CLASS, PageHeader, Pager, SelectField } from '@/components/ui/controls';
import { DataTable } from '@/components/ui/data-table';

const LINK_BUTTON = 'rounded-md border border-slate-300 px-3.5 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800';

export function ScriptsView() {
  const me = useMe();
  const router = useRouter();
  const { orgId } = useCurrentOrg();
  const orgs = useAllOrganizations();
  const canWrite = useCan('scripts:write');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [placement, setPlacement] = useState('partner');
  const [error, setError] = useState<string | null>(null);
  const scripts = useScripts({ page, search: search.trim() || undefined, orgId: orgId ?? undefined });
  const create = useCreateScript();
  const isOrgUser = me.data?.scope === 'organization';

  return (
    <div className="space-y-4">
      <PageHeader title="Scripts" description="Your script library: edit, then run on devices and read each run's output." actions={
          <>
            <Link href="/scripts/library" className={LINK_BUTTON}>Templates &amp; library</Link>
            <Link href="/scripts/categories" className={LINK_BUTTON}>Categories &amp; tags</Link>
            <Link href="/scripts/bundles" className={LINK_BUTTON}>Bundles</Link>
            {canWrite && <Button onClick={() => setCreating((v) => !v)}>{creating ? 'Cancel' : 'New script'}</Button>}
          </>
        }
      />
      {creating && (
        <Card title="New script">
          {!isOrgUser && (
            <div className="mb-3 max-w-sm">
              <SelectField label="Library" value={placement} onChange={(e) => setPlacement(e.target.value)} hint="The partner library serves every organization">
                <option value="partner">Partner library</option>
                {orgs.data?.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </SelectField>
            </div>
          )}
          <ScriptEditor
            submitLabel="Create script"
            busy={create.isPending}
            onSubmit={async (body) => {
              setError(null);
              try {
                const s = await create.mutateAsync({ ...body, ...(isOrgUser ? { availability: 'org' } : placement === 'partner' ? { availability: 'partner' } : { availability: 'org', orgId: placement }) });
                router.push(`/scripts/${s.id}`);
              } catch (err) {
                setError(err instanceof ApiError ? err.message : 'Could not create the script');
              }
            }}
          />
          {error && <p role="alert" className="mt-2 text-sm text-red-600">{error}</p>}
        </Card>
      )}
      <input type="search" aria-label="Search scripts" placeholder="Search by name…" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} className={`${INPUT_CLASS} max-w-sm`} />
      <ErrorText error={scripts.error} />
      {scripts.data && scripts.data.data.length === 0 && (
        <EmptyState title={search ? 'No script matches' : 'No scripts yet'} action={canWrite && !search && <Button onClick={() => setCreating(true)}>Write a script</Button>}>
          {search ? 'Try another name.' : (<>Write one here, start from a <Link className="text-brand-700 underline" href="/scripts/library">template or the system library</Link>, or <Link className="text-brand-700 underline" href="/scripts/bundles">import a bundle</Link>.</>)}
        </EmptyState>
      )}
      {scripts.data && scripts.data.data.length > 0 && (
        <DataTable label="Scripts" columns={['Name', 'Language', 'Runs on', 'Library', 'Version', 'Updated']}>
          {scripts.data.data.map((s) => (
            <tr key={s.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2">
                <Link href={`/scripts/${s.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
                  {s.name}
                </Link>
              </td>
              <td className="px-4 py-2">{s.language}</td>
              <td className="px-4 py-2 text-slate-500">{s.osTypes.join(', ')}</td>
              <td className="px-4 py-2">{s.availability === 'partner' ? <Badge tone="blue">partner</Badge> : (orgs.data?.find((o) => o.id === s.orgId)?.name ?? 'organization')}</td>
              <td className="px-4 py-2">v{s.version}</td>
              <td className="px-4 py-2 text-slate-500">{formatRelative(s.updatedAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {scripts.data && <Pager page={page} total={scripts.data.pagination.total} limit={50} onPage={setPage} />}
    </div>
  );
}
