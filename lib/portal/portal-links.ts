// Links into a portal, for emails: on the organization's (or partner's) custom domain when one
// is configured — same scheme and port as APP_BASE_URL, since the same server answers there —
// else on the shared host with the partner's portal key as `site`.
import { publicBaseUrl } from '@/lib/public-url';
import type { TPublicBranding } from '@/lib/portal/branding/schemas';

export function portalBaseUrl(branding: Pick<TPublicBranding, 'customDomain'>): string {
  const base = new URL(publicBaseUrl());
  if (!branding.customDomain) return base.origin;
  return `${base.protocol}//${branding.customDomain}${base.port ? `:${base.port}` : ''}`;
}

/** `<base>/portal/<page>[?site=…][#token=…]`; the token travels in the fragment, never to a server or a Referer. */
export function portalLink(branding: Pick<TPublicBranding, 'customDomain' | 'site'>, page: string, token?: string): string {
  const query = branding.customDomain || !branding.site ? '' : `?site=${encodeURIComponent(branding.site)}`;
  return `${portalBaseUrl(branding)}/portal/${page}${query}${token ? `#token=${token}` : ''}`;
}
