'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { useSession } from '@/components/auth/session-provider';
import { useMe } from '@/hooks/use-me';
import { ThemeToggle } from '@/components/shell/theme-toggle';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { Button } from '@/components/ui/button';

const NAV = [
  { href: '/', label: 'Dashboard' },
  { href: '/organizations', label: 'Organizations' },
  { href: '/management-posture', label: 'Management posture', permission: 'devices:read' },
  { href: '/audit', label: 'Audit log', permission: 'audit:read' },
  { href: '/settings/security', label: 'Security', permission: 'partner:manage' },
];

export function ConsoleShell({ children }: { children: ReactNode }) {
  const { status, signOut } = useSession();
  const router = useRouter();
  const pathname = usePathname();
  const me = useMe();

  useEffect(() => {
    if (status === 'signedOut') router.replace(`/login?next=${encodeURIComponent(pathname)}`);
  }, [status, router, pathname]);

  if (status !== 'signedIn') {
    return (
      <div className="flex min-h-screen items-center justify-center text-sm text-slate-500" role="status">
        Loading…
      </div>
    );
  }

  const permissions = new Set(me.data?.permissions ?? []);
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-56 shrink-0 border-r border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
        <div className="px-5 py-4 text-lg font-semibold">RMM Console</div>
        <nav aria-label="Main" className="space-y-1 px-3">
          {NAV.filter((n) => !n.permission || permissions.has(n.permission)).map((item) => {
            const active = item.href === '/' ? pathname === '/' : pathname.startsWith(item.href);
            return (
              <Link
                key={item.href}
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={`block rounded-md px-3 py-2 text-sm ${active ? 'bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between border-b border-slate-200 bg-white px-6 py-3 dark:border-slate-800 dark:bg-slate-900">
          <div className="text-sm text-slate-500" data-testid="tenant-name">
            {me.data?.partner?.name ?? me.data?.organization?.name ?? (me.data?.scope === 'system' ? 'Platform administration' : '')}
          </div>
          <div className="flex items-center gap-3">
            <NotificationBell />
            <ThemeToggle />
            <span className="text-sm" data-testid="user-name">
              {me.data?.name}
              {me.data && <span className="ml-2 text-xs text-slate-500">{me.data.role.name}</span>}
            </span>
            <Button variant="secondary" onClick={() => void signOut()}>
              Sign out
            </Button>
          </div>
        </header>
        <main className="flex-1 p-6">{children}</main>
      </div>
    </div>
  );
}
