'use client';

// /settings: a card per settings page the user may open, filtered like the sidebar.
import Link from 'next/link';
import { PageHeader } from '@/components/ui/controls';
import { settingsPages, useNavAccess } from '@/components/shell/nav-items';

export function SettingsIndex() {
  const access = useNavAccess();
  const pages = settingsPages(access.sections);
  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description="Your account, your company and how the console and its integrations behave." />
      {access.ready && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Settings pages">
          {pages.map((p) => (
            <li key={p.href}>
              <Link
                href={p.href}
                className="block h-full rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-800 dark:bg-slate-900"
              >
                <span className="block font-medium">{p.label}</span>
                {p.description && <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{p.description}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
