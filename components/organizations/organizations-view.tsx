'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useCreateOrganization, useOrganizations } from '@/hooks/use-organizations';
import { useMe } from '@/hooks/use-me';
import { ApiError } from '@/lib/client/api-client';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TimeZoneSuggestions } from '@/components/ui/time-zone-suggestions';

export function OrganizationsView() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(useSearchParams().get('create') === '1');
  const orgs = useOrganizations({ page, search });
  const me = useMe();
  const create = useCreateOrganization();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const canWrite = me.data?.permissions.includes('orgs:write') && me.data.scope !== 'organization';

  async function onCreate(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setError(null);
    try {
      const org = await create.mutateAsync({ name: String(form.get('name')), timezone: String(form.get('timezone') || '') || undefined });
      setCreating(false);
      router.push(`/organizations/${org.id}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not create the organization');
    }
  }

  const total = orgs.data?.pagination.total ?? 0;
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">Organizations</h1>
        {canWrite && <Button onClick={() => setCreating((v) => !v)}>{creating ? 'Cancel' : 'New organization'}</Button>}
      </div>
      {creating && (
        <form onSubmit={onCreate} className="grid max-w-xl gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900" aria-label="New organization">
          <Field label="Name" name="name" required maxLength={255} autoFocus />
          <Field label="Time zone" name="timezone" placeholder="Europe/London" hint="IANA name such as UTC or Europe/London; optional" list="new-organization-time-zones" error={error ?? undefined} />
          <TimeZoneSuggestions id="new-organization-time-zones" />
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create'}
            </Button>
          </div>
        </form>
      )}
      <input
        type="search"
        aria-label="Search organizations"
        placeholder="Search…"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        className="w-full max-w-sm rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      {orgs.isError && <p role="alert" className="text-sm text-red-600">{(orgs.error as Error).message}</p>}
      {orgs.data && total === 0 && !search && <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-700" role="status">No organizations yet. {canWrite ? 'Use “New organization” to create your first customer, then add a site and an enrollment key.' : 'Ask a partner administrator to create one.'}</p>}
      {orgs.data && total > 0 && (
        <div className="overflow-x-auto"><table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-800 dark:bg-slate-900">
          <thead className="bg-slate-50 text-left text-slate-500 dark:bg-slate-800">
            <tr>
              <th className="px-4 py-2 font-medium">Name</th>
              <th className="px-4 py-2 font-medium">Slug</th>
              <th className="px-4 py-2 font-medium">Status</th>
              <th className="px-4 py-2 font-medium">Time zone</th>
            </tr>
          </thead>
          <tbody>
            {orgs.data.data.map((o) => (
              <tr key={o.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-4 py-2 font-medium">
                  <Link href={`/organizations/${o.id}`} className="text-brand-700 hover:underline dark:text-brand-100">
                    {o.name}
                  </Link>
                </td>
                <td className="px-4 py-2 text-slate-500">{o.slug}</td>
                <td className="px-4 py-2">{o.status}</td>
                <td className="px-4 py-2 text-slate-500">{o.timezone ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table></div>
      )}
      {total > 50 && (
        <div className="flex items-center gap-2 text-sm">
          <Button variant="secondary" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {Math.ceil(total / 50)}
          </span>
          <Button variant="secondary" disabled={page * 50 >= total} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}
