'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { useSession } from '@/components/auth/session-provider';
import { useMe } from '@/hooks/use-me';
import { useMyPartner } from '@/hooks/use-partner';
import { ThemeToggle } from '@/components/shell/theme-toggle';
import { Button } from '@/components/ui/button';
import { CurrentOrgProvider } from '@/components/shell/current-org';
import { OrgSwitcher } from '@/components/shell/org-switcher';
import { GlobalSearch } from '@/components/shell/global-search';
import { BreadcrumbProvider, Breadcrumbs } from '@/components/shell/breadcrumbs';
import { MfaStepUpDialog, ReauthDialog } from '@/components/auth/session-dialogs';
import { NotificationBell } from '@/components/notifications/notification-bell';

interface NavItem {
  href: string;
  label: string;
  permission?: string;
  partnerOnly?: boolean;
  /** Platform operators only (system scope): the API refuses everyone else. */
  systemOnly?: boolean;
}

// `serviceManagement` sections are hidden while the partner's service-management mode is off (doc 1).
const NAV: { section: string; items: NavItem[]; serviceManagement?: boolean }[] = [
  {
    section: 'Operate',
    items: [
      { href: '/', label: 'Dashboard' },
      { href: '/organizations', label: 'Organizations', permission: 'orgs:read' },
      { href: '/devices', label: 'Devices', permission: 'devices:read' },
      { href: '/groups', label: 'Device groups', permission: 'devices:read' },
      { href: '/tags', label: 'Tags', permission: 'devices:read' },
      { href: '/alerts', label: 'Alerts', permission: 'alerts:read' },
      { href: '/alerts/monitors', label: 'Monitors', permission: 'devices:read' },
      { href: '/notifications', label: 'Notifications' },
      { href: '/assets', label: 'Assets', permission: 'devices:read' },
      { href: '/scripts', label: 'Scripts', permission: 'scripts:read' },
      { href: '/enrollment-keys', label: 'Enrollment keys', permission: 'devices:write' },
      { href: '/management-posture', label: 'Management posture', permission: 'devices:read' },
    ],
  },
  {
    section: 'Service desk',
    serviceManagement: true,
    items: [
      { href: '/tickets', label: 'Tickets', permission: 'tickets:read' },
      { href: '/settings/canned-replies', label: 'Canned replies', permission: 'tickets:read', partnerOnly: true },
    ],
  },
  {
    section: 'Billing',
    serviceManagement: true,
    items: [
      { href: '/billing/invoices', label: 'Invoices', permission: 'contracts:read' },
      { href: '/billing/contracts', label: 'Contracts', permission: 'contracts:read' },
      { href: '/billing/quotes', label: 'Quotes', permission: 'contracts:read' },
      { href: '/billing/catalog', label: 'Catalog', permission: 'contracts:read', partnerOnly: true },
    ],
  },
  {
    section: 'Integrate',
    items: [
      { href: '/webhooks', label: 'Webhooks', permission: 'webhooks:read' },
      { href: '/settings/api-keys', label: 'API keys', permission: 'api_keys:manage' },
      { href: '/settings/service-principals', label: 'Service principals', permission: 'api_keys:manage', partnerOnly: true },
      { href: '/distributor', label: 'Distributor', permission: 'billing:manage', partnerOnly: true },
      { href: '/settings/agent-versions', label: 'Agent versions' },
    ],
  },
  {
    section: 'Administer',
    items: [
      { href: '/partners', label: 'Partners', permission: 'orgs:read', systemOnly: true },
      { href: '/import', label: 'Import', permission: 'orgs:write', partnerOnly: true },
      { href: '/import/contacts', label: 'Import contacts', permission: 'orgs:write', partnerOnly: true },
      { href: '/users', label: 'Users', permission: 'users:read' },
      { href: '/roles', label: 'Roles', permission: 'users:read' },
      { href: '/access-reviews', label: 'Access reviews', permission: 'users:read', partnerOnly: true },
      { href: '/audit', label: 'Audit log', permission: 'audit:read' },
      { href: '/settings/partner', label: 'Partner settings', permission: 'partner:manage', partnerOnly: true },
      { href: '/settings/security', label: 'Security', permission: 'partner:manage' },
      { href: '/settings/custom-fields', label: 'Custom fields', permission: 'devices:read' },
      { href: '/settings/account', label: 'My account' },
    ],
  },
];

export function ConsoleShell({ children, mfaEnforced = false }: { children: ReactNode; mfaEnforced?: boolean }) {
  const { status, signOut } = useSession();
  const router = useRouter();
  const pathname = usePathname();
  const me = useMe();
  const partner = useMyPartner(me.data?.scope === 'partner');
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (status === 'signedOut') router.replace(`/login?next=${encodeURIComponent(pathname)}`);
  }, [status, router, pathname]);
  useEffect(() => setMenuOpen(false), [pathname]);

  // An expired session keeps the page mounted (ReauthDialog on top); only a fresh load waits.
  if (status === 'loading' || status === 'signedOut') {
    return (
      <div className="flex min-h-screen items-center justify-center text-sm text-slate-500" role="status">
        Loading…
      </div>
    );
  }

  const permissions = new Set(me.data?.permissions ?? []);
  const visible = (n: NavItem) => (!n.permission || permissions.has(n.permission)) && (!n.partnerOnly || me.data?.scope === 'partner') && (!n.systemOnly || me.data?.scope === 'system');
  // The longest matching entry is the current one (/alerts/monitors/… is Monitors, not Alerts).
  const matches = (href: string) => (href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`));
  const current = NAV.flatMap((g) => g.items.filter(visible)).filter((n) => matches(n.href)).sort((a, b) => b.href.length - a.href.length)[0]?.href;
  const nav = (
    <nav aria-label="Main" className="space-y-4 px-3 pb-6">
      {NAV.map((group) => {
        if (group.serviceManagement && partner.data?.serviceManagementMode === 'off') return null;
        const items = group.items.filter(visible);
        if (!items.length) return null;
        return (
          <div key={group.section}>
            <div className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">{group.section}</div>
            <ul className="space-y-0.5">
              {items.map((item) => {
                const active = item.href === current;
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={active ? 'page' : undefined}
                      className={`block rounded-md px-3 py-2 text-sm ${active ? 'bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );

  return (
    <CurrentOrgProvider>
      <BreadcrumbProvider>
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
        </a>
        <div className="flex min-h-screen">
          <aside className="hidden w-56 shrink-0 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
            <div className="px-5 py-4 text-lg font-semibold">RMM Console</div>
            {nav}
          </aside>
          {menuOpen && (
            <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label="Menu">
              <button type="button" aria-label="Close menu" className="absolute inset-0 bg-slate-950/40" onClick={() => setMenuOpen(false)} />
              <aside className="absolute inset-y-0 left-0 w-64 overflow-y-auto bg-white shadow-xl dark:bg-slate-900">
                <div className="px-5 py-4 text-lg font-semibold">RMM Console</div>
                {nav}
              </aside>
            </div>
          )}
          <div className="flex min-w-0 flex-1 flex-col">
            <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 px-4 py-2.5 backdrop-blur md:px-6 dark:border-slate-800 dark:bg-slate-900/95">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <button type="button" className="rounded-md border border-slate-300 px-2 py-1 text-sm lg:hidden dark:border-slate-700" aria-label="Open menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
                  ☰
                </button>
                <div className="hidden text-sm text-slate-500 md:block" data-testid="tenant-name">
                  {me.data?.partner?.name ?? me.data?.organization?.name ?? (me.data?.scope === 'system' ? 'Platform administration' : '')}
                </div>
                <OrgSwitcher />
                <div className="flex-1" />
                <GlobalSearch />
                <NotificationBell />
                <ThemeToggle />
                <span className="hidden text-sm md:inline" data-testid="user-name">
                  {me.data?.name}
                  {me.data && <span className="ml-2 text-xs text-slate-500">{me.data.role.name}</span>}
                </span>
                <Button variant="secondary" onClick={() => void signOut()}>
                  Sign out
                </Button>
              </div>
              <div className="mt-1.5">
                <Breadcrumbs />
              </div>
            </header>
            <main id="main" tabIndex={-1} className="flex-1 p-4 md:p-6">
              {mfaEnforced && me.data && !me.data.mfaEnabled && pathname !== '/settings/account' && (
                <div role="region" aria-label="Two-factor authentication" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
                  <span>Your account has no two-factor authentication yet. Administrative actions will ask for it.</span>
                  <Link href="/settings/account?enrol=1" className="rounded-md bg-amber-600 px-3 py-1.5 font-medium text-white hover:bg-amber-700">
                    Set up two-factor authentication
                  </Link>
                </div>
              )}
              {children}
            </main>
          </div>
        </div>
        <ReauthDialog />
        <MfaStepUpDialog />
      </BreadcrumbProvider>
    </CurrentOrgProvider>
  );
}
