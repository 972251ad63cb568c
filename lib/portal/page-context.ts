// What a portal page needs before it renders, resolved on the server so the first paint already
// wears the right brand: the session (from the sealed cookie), the branding (the signed-in
// contact's organization, else the custom domain of the Host, else the `site` key) and the site
// key to carry in links on the shared host.
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { brandingForDomain, brandingForOrganization, brandingForSite } from '@/lib/portal/branding/resolve-branding';
import { defaultBranding } from '@/lib/portal/branding/effective-branding';
import type { TPublicBranding } from '@/lib/portal/branding/schemas';
import { loadPortalSession, type LoadedPortalSession } from '@/lib/portal/session/load-portal-session';
import { PORTAL_COOKIE } from '@/lib/portal/session/portal-cookies';
import { hostNameOf, requestHostWithPort } from '@/lib/portal/session/request-host';

const BLOCKED_PARTNER = new Set(['pending', 'suspended', 'churned']);

export interface PortalPage {
  branding: TPublicBranding;
  session: LoadedPortalSession | null;
  /** `?site=…` for links of pages seen before sign-in on the shared host; '' otherwise. */
  siteQuery: string;
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function portalPage(searchParams: SearchParams): Promise<PortalPage> {
  const params = await searchParams;
  return resolvePortalPage(typeof params.site === 'string' ? params.site : undefined);
}

// Once per request: generateMetadata and the page both ask.
const resolvePortalPage = cache(async (siteParam: string | undefined): Promise<PortalPage> => {
  const [headerList, cookieStore] = await Promise.all([headers(), cookies()]);
  const loaded = await loadPortalSession(cookieStore.get(PORTAL_COOKIE)?.value);
  const session = loaded && !BLOCKED_PARTNER.has(loaded.partner.status) ? loaded : null;
  const byHost = await brandingForDomain(hostNameOf(requestHostWithPort(headerList)));
  const resolved = (session && (await brandingForOrganization(session.organization.id))) || byHost || (await brandingForSite(siteParam));
  const branding = resolved?.branding ?? defaultBranding();
  const siteQuery = !byHost && branding.site ? `?site=${encodeURIComponent(branding.site)}` : '';
  return { branding, session, siteQuery };
});

/** For pages behind sign-in: no session sends the browser to the sign-in page (and back after). */
export async function signedInPortalPage(searchParams: SearchParams, path: string): Promise<PortalPage & { session: LoadedPortalSession }> {
  const page = await portalPage(searchParams);
  if (!page.session) {
    const query = new URLSearchParams(page.siteQuery.slice(1));
    query.set('next', path);
    redirect(`/portal/login?${query}`);
  }
  return page as PortalPage & { session: LoadedPortalSession };
}

export function portalTitle(branding: TPublicBranding, page: string): { title: { absolute: string } } {
  return { title: { absolute: `${page} · ${branding.name}` } };
}
