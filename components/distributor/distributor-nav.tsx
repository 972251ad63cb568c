'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { useDistributorIntegration } from '@/hooks/use-distributor';
import { EmptyState, PageHeader } from '@/components/ui/controls';
import { SectionTabs } from '@/components/ui/section-tabs';

const TABS = [
  { href: '/distributor', label: 'Settings' },
  { href: '/distributor/companies', label: 'Companies' },
  { href: '/distributor/products', label: 'Products' },
  { href: '/distributor/orders', label: 'Orders' },
  { href: '/distributor/subscriptions', label: 'Subscriptions' },
  { href: '/distributor/drift', label: 'Drift' },
];

/** Page frame of every distributor page: title, section links, and (off the settings page) a hint when nothing is connected yet. */
export function DistributorPage({ title, description, actions, children }: { title: string; description?: string; actions?: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  const integration = useDistributorIntegration();
  const onSettings = pathname === '/distributor';
  return (
    <div className="space-y-4">
      <PageHeader title={title} description={description} actions={actions} />
      <SectionTabs label="Distributor sections" tabs={TABS} isActive={(t) => (t.href === '/distributor' ? onSettings : pathname.startsWith(t.href))} />
      {!onSettings && integration.data && integration.data.data === null ? (
        <EmptyState title="No distributor connected" action={<Link className="text-brand-700 underline dark:text-brand-100" href="/distributor">Connect the distributor</Link>}>
          Save your distributor API credentials first; companies, products and subscriptions arrive with the first sync.
        </EmptyState>
      ) : (
        children
      )}
    </div>
  );
}

export function YesNo({ ok, label }: { ok: boolean; label: string }) {
  return (
    <span className={ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'} title={label}>
      {ok ? '✓' : '✗'} <span className="sr-only">{label}: </span>
      {ok ? 'yes' : 'no'}
    </span>
  );
}
