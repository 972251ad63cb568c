import type { CSSProperties } from 'react';
import type { TPublicBranding } from '@/lib/portal/branding/schemas';

/** The brand as CSS variables on the portal's root element, rendered on the server (no flash). */
export function brandStyle(branding: TPublicBranding): CSSProperties {
  return {
    '--portal-primary': branding.colors.primary,
    '--portal-primary-text': branding.colors.primaryText,
    '--portal-accent': branding.colors.accent,
    '--portal-accent-text': branding.colors.accentText,
    // Focus rings (globals.css) follow the brand too.
    '--color-brand-500': branding.colors.accent,
  } as CSSProperties;
}

export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-[var(--portal-primary)] px-3.5 py-2 text-sm font-medium text-[var(--portal-primary-text)] shadow-sm transition hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-800 transition hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';
export const accentLink = 'font-medium text-[var(--portal-accent)] hover:underline';
/** Inputs without a width (filters set their own); `inputClass` fills its container. */
export const inputBase = 'block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-[var(--portal-accent)]';
export const inputClass = `${inputBase} w-full`;
