// Finds the branding of a portal request: by custom domain (the Host header), by the partner's
// portal key (`site`, its slug) or by the signed-in contact's organization.
import { db } from '@/lib/db';
import { effectiveBranding } from '@/lib/portal/branding/effective-branding';
import type { TPublicBranding } from '@/lib/portal/branding/schemas';

export interface ResolvedBranding {
  partnerId: string;
  /** Set when an organization's custom domain decided it. */
  orgId: string | null;
  branding: TPublicBranding;
}

const livePartner = { deletedAt: null } as const;

async function forPartner(partner: { id: string; name: string; slug: string }, orgId: string | null): Promise<TPublicBranding> {
  const rows = await db.portalBranding.findMany({ where: { partnerId: partner.id, OR: [{ orgId: null }, ...(orgId ? [{ orgId }] : [])] } });
  return effectiveBranding(partner, rows.find((r) => r.orgId === null) ?? null, (orgId && rows.find((r) => r.orgId === orgId)) || null);
}

export async function brandingForDomain(domain: string | null): Promise<ResolvedBranding | null> {
  if (!domain) return null;
  const row = await db.portalBranding.findUnique({
    where: { customDomain: domain.toLowerCase().replace(/\.$/, '') },
    select: { orgId: true, partner: { select: { id: true, name: true, slug: true, deletedAt: true } }, organization: { select: { deletedAt: true } } },
  });
  if (!row || row.partner.deletedAt || row.organization?.deletedAt) return null;
  return { partnerId: row.partner.id, orgId: row.orgId, branding: await forPartner(row.partner, row.orgId) };
}

export async function brandingForSite(site: string | null | undefined): Promise<ResolvedBranding | null> {
  if (!site) return null;
  const partner = await db.partner.findFirst({ where: { slug: site.toLowerCase(), ...livePartner }, select: { id: true, name: true, slug: true } });
  return partner ? { partnerId: partner.id, orgId: null, branding: await forPartner(partner, null) } : null;
}

export async function brandingForOrganization(orgId: string): Promise<ResolvedBranding | null> {
  const org = await db.organization.findFirst({ where: { id: orgId, deletedAt: null, partner: livePartner }, select: { partner: { select: { id: true, name: true, slug: true } } } });
  return org ? { partnerId: org.partner.id, orgId, branding: await forPartner(org.partner, orgId) } : null;
}

/** A custom domain decides; else the site key. */
export async function brandingForRequest(host: string | null, site: string | null | undefined): Promise<ResolvedBranding | null> {
  return (await brandingForDomain(host)) ?? (await brandingForSite(site));
}
