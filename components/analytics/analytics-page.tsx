'use client';

// Page frame of every analytics page: title and the section links.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/controls';

const TABS = [
  { href: '/analytics', label: 'Dashboards' },
  { href: '/analytics/capacity', label: 'Capacity' },
  { href: '/analytics/sla', label: 'SLA' },
  { href: '/analytics/os-distribution', label: 'OS distribution' },
  { href: '/analytics/executive-summary', label: 'Executive summary' },
];

export function AnalyticsPage({ title, description, actions, children }: { title: string; description?: string; actions?: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  return (
    <div className="min-w-0 space-y-4">
      <PageHeader title={title} description={description} actions={actions} />
      <nav aria-label="Analytics sections" className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
        {TABS.map((t) => {
          const active = t.href === '/analytics' ? pathname === '/analytics' || /^\/analytics\/dashboards\//.test(pathname) : pathname.startsWith(t.href);
          return (
            <Link
              key={t.href}
              href={t.href}
              aria-current={active ? 'page' : undefined}
              className={`-mb-px border-b-2 px-3 py-2 text-sm whitespace-nowrap ${active ? 'border-brand-600 font-medium text-brand-700 dark:text-white' : 'border-transparent text-slate-500 hover:text-slate-800 dark:hover:text-slate-200'}`}
            >
              {t.label}
            </Link>
          );
        })}
      </nav>
      {children}
    </div>
  );
}
