'use client';

import Link from 'next/link';
import { useMe } from '@/hooks/use-me';
import { useOrganizations } from '@/hooks/use-organizations';

export function DashboardOverview() {
  const me = useMe();
  const orgs = useOrganizations();
  const total = orgs.data?.pagination.total;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Welcome{me.data ? `, ${me.data.name}` : ''}</h1>
      {total === 0 && (
        <section className="rounded-lg border border-dashed border-brand-500 bg-brand-50 p-6 dark:bg-slate-900" aria-labelledby="first-org">
          <h2 id="first-org" className="text-lg font-medium">
            Create your first organization
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Organizations hold your customers’ sites and devices. Start with one to enroll devices.</p>
          <Link href="/organizations?create=1" className="mt-4 inline-block rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
            Create organization
          </Link>
        </section>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <div className="text-sm text-slate-500">Organizations</div>
          <div className="mt-1 text-3xl font-semibold" data-testid="org-count">
            {total ?? '—'}
          </div>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <div className="text-sm text-slate-500">Signed in as</div>
          <div className="mt-1 text-sm font-medium">{me.data?.email}</div>
          <div className="text-xs text-slate-500">{me.data?.mfaEnabled ? 'Two-factor authentication on' : 'Two-factor authentication off'}</div>
        </div>
      </div>
    </div>
  );
}
