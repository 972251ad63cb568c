'use client';

// Page frame of the plugin pages: title and the Catalog / Installed tabs.
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/controls';
import { SectionTabs } from '@/components/ui/section-tabs';

const TABS = [
  { href: '/plugins', label: 'Catalog' },
  { href: '/plugins/installations', label: 'Installed' },
];

export function PluginsPage({ title, description, actions, children }: { title: string; description?: string; actions?: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  return (
    <div className="space-y-4">
      <PageHeader title={title} description={description} actions={actions} />
      <SectionTabs label="Plugin sections" tabs={TABS} isActive={(t) => (t.href === '/plugins' ? pathname === '/plugins' || pathname.startsWith('/plugins/catalog') : pathname.startsWith(t.href))} />
      {children}
    </div>
  );
}
