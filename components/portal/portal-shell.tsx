import Link from 'next/link';
import type { ReactNode } from 'react';
import type { TPublicBranding } from '@/lib/portal/branding/schemas';
import type { LoadedPortalSession } from '@/lib/portal/session/load-portal-session';
import { displayNameOf } from '@/lib/portal/session/display-name';
import { brandStyle } from '@/components/portal/brand-style';
import { BrandMark } from '@/components/portal/brand-mark';
import { SupportFooter } from '@/components/portal/support-footer';
import { SignOutButton } from '@/components/portal/sign-out-button';

const NAV = [
  { href: '/portal/tickets', label: 'Tickets', key: 'tickets' },
  { href: '/portal/devices', label: 'My devices', key: 'devices' },
  { href: '/portal/assets', label: 'Assets', key: 'assets' },
  { href: '/portal/profile', label: 'Profile', key: 'profile' },
] as const;

/** The frame of signed-in pages: the brand's header with navigation, rendered on the server. */
export function PortalShell({ branding, session, active, signOutTo, children }: { branding: TPublicBranding; session: LoadedPortalSession; active: (typeof NAV)[number]['key']; signOutTo: string; children: ReactNode }) {
  return (
    <div style={brandStyle(branding)} className="flex min-h-screen flex-col bg-slate-50 text-slate-900" data-portal="app">
      <header className="bg-[var(--portal-primary)] text-[var(--portal-primary-text)]">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 px-6 py-3">
          <Link href="/portal/tickets">
            <BrandMark branding={branding} />
          </Link>
          <div className="flex items-center gap-3 text-sm">
            <span data-testid="portal-user">
              {displayNameOf(session.contact)} · {session.organization.name}
            </span>
            <SignOutButton to={signOutTo} />
          </div>
        </div>
        <nav aria-label="Portal" className="mx-auto flex max-w-5xl gap-1 px-4">
          {NAV.map((item) => (
            <Link
              key={item.key}
              href={item.href}
              aria-current={item.key === active ? 'page' : undefined}
              className={`rounded-t-md px-3 py-2 text-sm ${item.key === active ? 'bg-slate-50 font-medium text-slate-900' : 'hover:underline'}`}
            >
              {item.label}
            </Link>
          ))}
        </nav>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-6 py-8">{children}</main>
      <SupportFooter branding={branding} />
    </div>
  );
}
