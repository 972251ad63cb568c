import type { TPublicBranding } from '@/lib/portal/branding/schemas';

export function SupportFooter({ branding }: { branding: TPublicBranding }) {
  const { email, phone, url } = branding.support;
  if (!email && !phone && !url) return null;
  return (
    <footer className="border-t border-slate-200 px-6 py-4 text-center text-xs text-slate-500">
      Need help? Contact {branding.name}
      {email && (
        <>
          {' · '}
          <a className="text-[var(--portal-accent)] hover:underline" href={`mailto:${email}`}>
            {email}
          </a>
        </>
      )}
      {phone && (
        <>
          {' · '}
          <a className="text-[var(--portal-accent)] hover:underline" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            {phone}
          </a>
        </>
      )}
      {url && (
        <>
          {' · '}
          <a className="text-[var(--portal-accent)] hover:underline" href={url} rel="noopener noreferrer" target="_blank">
            Support site
          </a>
        </>
      )}
    </footer>
  );
}
