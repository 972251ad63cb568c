'use client';

// Page frame of every analytics page: title and the section links.
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/controls';
import { SectionTabs } from '@/components/ui/section-tabs';

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
      <SectionTabs label="Analytics sections" tabs={TABS} isActive={(t) => (t.href === '/analytics' ? pathname === '/analytics' || /^\/analytics\/dashboards\//.test(pathname) : pathname.startsWith(t.href))} />
      {children}
    </div>
  );
}
