import type { ReactNode } from 'react';
import type { TPublicBranding } from '@/lib/portal/branding/schemas';
import { brandStyle } from '@/components/portal/brand-style';
import { BrandMark } from '@/components/portal/brand-mark';
import { SupportFooter } from '@/components/portal/support-footer';

/** The frame of the pages seen before sign-in: a card under the brand's band. */
export function PortalCard({ branding, children }: { branding: TPublicBranding; children: ReactNode }) {
  return (
    <div style={brandStyle(branding)} className="flex min-h-screen flex-col bg-slate-100 text-slate-900" data-portal="guest">
      <div className="bg-[var(--portal-primary)] px-6 py-10 text-[var(--portal-primary-text)]">
        <div className="mx-auto flex max-w-md justify-center">
          <BrandMark branding={branding} size="lg" />
        </div>
      </div>
      <main className="-mt-6 flex flex-1 justify-center px-4 pb-12">
        <div className="h-fit w-full max-w-md space-y-5 rounded-xl border border-slate-200 bg-white p-8 shadow-sm">{children}</div>
      </main>
      <SupportFooter branding={branding} />
    </div>
  );
}
