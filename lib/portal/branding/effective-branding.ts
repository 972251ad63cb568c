// What the portal shows: the organization's branding over the partner's, field by field, over
// built-in defaults. An uploaded logo wins over a logo URL at the same level.
import type { PortalBranding } from '@/lib/generated/prisma/client';
import { DEFAULT_ACCENT, DEFAULT_PRIMARY, readableTextOn } from '@/lib/portal/branding/colors';
import type { TPublicBranding } from '@/lib/portal/branding/schemas';

type Row = Pick<PortalBranding, 'id' | 'name' | 'customDomain' | 'primaryColor' | 'accentColor' | 'logoUrl' | 'logoSha256' | 'supportEmail' | 'supportPhone' | 'supportUrl'>;

/** Public URL of an uploaded logo; the hash in the query busts caches when the logo changes. */
export function logoUrlOf(row: { id: string; logoSha256: string | null }): string | null {
  return row.logoSha256 ? `/api/v1/portal/logos/${row.id}?v=${row.logoSha256.slice(0, 12)}` : null;
}

const rowLogo = (row: Row | null | undefined) => (row ? (logoUrlOf(row) ?? row.logoUrl) : null);

export function effectiveBranding(partner: { name: string; slug: string }, partnerRow: Row | null, orgRow: Row | null): TPublicBranding {
  const pick = <K extends keyof Row>(key: K): Row[K] | null => orgRow?.[key] ?? partnerRow?.[key] ?? null;
  const primary = pick('primaryColor') ?? DEFAULT_PRIMARY;
  const accent = pick('accentColor') ?? DEFAULT_ACCENT;
  return {
    level: orgRow ? 'organization' : partnerRow ? 'partner' : 'default',
    name: pick('name') ?? partner.name,
    site: partner.slug,
    customDomain: pick('customDomain'),
    logoUrl: rowLogo(orgRow) ?? rowLogo(partnerRow),
    colors: { primary, primaryText: readableTextOn(primary), accent, accentText: readableTextOn(accent) },
    support: { email: pick('supportEmail'), phone: pick('supportPhone'), url: pick('supportUrl') },
  };
}

/** The look of a portal nobody has configured (an unknown host without a site key). */
export function defaultBranding(): TPublicBranding {
  return {
    level: 'default',
    name: 'Customer portal',
    site: '',
    customDomain: null,
    logoUrl: null,
    colors: { primary: DEFAULT_PRIMARY, primaryText: readableTextOn(DEFAULT_PRIMARY), accent: DEFAULT_ACCENT, accentText: readableTextOn(DEFAULT_ACCENT) },
    support: { email: null, phone: null, url: null },
  };
}
