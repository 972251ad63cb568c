import type { TPublicBranding } from '@/lib/portal/branding/schemas';

/** Logo (when there is one) and portal name, on the primary colour. */
export function BrandMark({ branding, size = 'md' }: { branding: TPublicBranding; size?: 'md' | 'lg' }) {
  const h = size === 'lg' ? 'h-12' : 'h-8';
  return (
    <span className="flex items-center gap-3">
      {branding.logoUrl && (
        // eslint-disable-next-line @next/next/no-img-element -- served by this service (or the MSP's https URL); no optimisation pipeline
        <img src={branding.logoUrl} alt={`${branding.name} logo`} className={`${h} w-auto max-w-48 rounded bg-white/90 object-contain p-0.5`} data-testid="portal-logo" />
      )}
      <span className={`${size === 'lg' ? 'text-xl' : 'text-base'} font-semibold`} data-testid="portal-name">
        {branding.name}
      </span>
    </span>
  );
}
