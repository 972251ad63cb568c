'use client';

// The link tabs under a page header that move between the pages of one area (analytics,
// distributor): the current one is marked for assistive technology and underlined.
import Link from 'next/link';

export interface SectionTab {
  href: string;
  label: string;
}

export function SectionTabs({ label, tabs, isActive }: { label: string; tabs: readonly SectionTab[]; isActive: (tab: SectionTab) => boolean }) {
  return (
    <nav aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
      {tabs.map((t) => {
        const active = isActive(t);
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
  );
}
