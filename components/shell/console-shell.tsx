'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useSession } from '@/components/auth/session-provider';
import { useMe } from '@/hooks/use-me';
import { ThemeToggle } from '@/components/shell/theme-toggle';
import { Button } from '@/components/ui/button';
import { CurrentOrgProvider } from '@/components/shell/current-org';
import { OrgSwitcher } from '@/components/shell/org-switcher';
import { CommandPalette } from '@/components/shell/command-palette';
import { SidebarNav } from '@/components/shell/sidebar-nav';
import { BreadcrumbProvider, Breadcrumbs } from '@/components/shell/breadcrumbs';
import { MfaStepUpDialog, ReauthDialog } from '@/components/auth/session-dialogs';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { AssistantLauncher } from '@/components/ai/assistant-launcher';

/**
 * `renderWhileLoading`: show the page before the session is known (the 404 of unknown
 * addresses, which needs no data and must be in the server's render to answer 404).
 */
export function ConsoleShell({ children, mfaEnforced = false, renderWhileLoading = false }: { children: ReactNode; mfaEnforced?: boolean; renderWhileLoading?: boolean }) {
  const { status, signOut } = useSession();
  const router = useRouter();
  const pathname = usePathname();
  const me = useMe();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (status === 'signedOut') router.replace(`/login?next=${encodeURIComponent(pathname)}`);
  }, [status, router, pathname]);
  useEffect(() => setMenuOpen(false), [pathname]);

  // An expired session keeps the page mounted (ReauthDialog on top); only a fresh load waits.
  if (status === 'loading' || status === 'signedOut') {
    return (
      <>
        <div className="flex min-h-screen items-center justify-center text-sm text-slate-600 dark:text-slate-400" role="status">
          Loading…
        </div>
        {renderWhileLoading && <div hidden>{children}</div>}
      </>
    );
  }

  return (
    <CurrentOrgProvider>
      <BreadcrumbProvider>
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
        </a>
        <div className="flex min-h-screen">
          <aside className="hidden w-56 shrink-0 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
            <div className="px-5 py-4 text-lg font-semibold">RMM Console</div>
            <SidebarNav />
          </aside>
          {menuOpen && <MobileMenu onClose={() => setMenuOpen(false)} opener={menuButton} userName={me.data?.name} roleName={me.data?.role.name} onSignOut={() => void signOut()} />}
          <div className="flex min-w-0 flex-1 flex-col">
            <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 px-4 py-2.5 backdrop-blur md:px-6 dark:border-slate-800 dark:bg-slate-900/95">
              <div className="flex min-w-0 items-center gap-2 md:gap-3">
                <button
                  ref={menuButton}
                  type="button"
                  className="shrink-0 rounded-md border border-slate-300 px-2 py-1 text-sm lg:hidden dark:border-slate-700"
                  aria-label="Open menu"
                  aria-expanded={menuOpen}
                  aria-haspopup="dialog"
                  onClick={() => setMenuOpen(true)}
                >
                  ☰
                </button>
                <div className="hidden text-sm text-slate-600 md:block dark:text-slate-400" data-testid="tenant-name">
                  {me.data?.partner?.name ?? me.data?.organization?.name ?? (me.data?.scope === 'system' ? 'Platform administration' : '')}
                </div>
                <div className="min-w-0">
                  <OrgSwitcher />
                </div>
                <div className="flex-1" />
                <CommandPalette />
                <AssistantLauncher />
                <NotificationBell />
                {/* Below md these move into the menu (MobileMenu). */}
                <div className="hidden items-center gap-3 md:flex">
                  <ThemeToggle />
                  <span className="text-sm" data-testid="user-name">
                    {me.data?.name}
                    {me.data && <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">{me.data.role.name}</span>}
                  </span>
                  <Button variant="secondary" onClick={() => void signOut()}>
                    Sign out
                  </Button>
                </div>
              </div>
              <div className="mt-1.5 min-w-0">
                <Breadcrumbs />
              </div>
            </header>
            <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 md:p-6">
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

/**
 * The navigation and, below md, the account controls behind the top bar's menu button: a modal
 * panel that takes focus, keeps Tab inside, closes on Escape and hands focus back to the button.
 */
function MobileMenu({ onClose, opener, userName, roleName, onSignOut }: { onClose: () => void; opener: RefObject<HTMLButtonElement | null>; userName?: string; roleName?: string; onSignOut: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const button = opener.current;
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => button?.focus();
  }, [opener]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), select, input')].filter((el) => el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };
  return (
    <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label="Menu" onKeyDown={onKeyDown}>
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/40" onClick={onClose} />
      <div ref={panel} className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl dark:bg-slate-900">
        <div className="flex items-center justify-between px-5 py-4">
          <span className="text-lg font-semibold">RMM Console</span>
          <button type="button" data-autofocus aria-label="Close menu" onClick={onClose} className="rounded px-2 text-xl leading-none text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
            ×
          </button>
        </div>
        <section aria-label="Account" className="mx-3 mb-4 space-y-3 rounded-md border border-slate-200 p-3 md:hidden dark:border-slate-700">
          <div className="text-sm">
            <div className="font-medium" data-testid="menu-user-name">
              {userName}
            </div>
            {roleName && <div className="text-xs text-slate-600 dark:text-slate-400">{roleName}</div>}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Link href="/settings/account" className="rounded-md px-2 py-1 text-sm text-brand-700 hover:underline dark:text-brand-300">
              My account
            </Link>
            <ThemeToggle />
            <Button variant="secondary" onClick={onSignOut}>
              Sign out
            </Button>
          </div>
        </section>
        <SidebarNav />
      </div>
    </div>
  );
}
