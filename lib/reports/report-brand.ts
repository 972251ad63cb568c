// The brand a report file carries: the portal branding of the report's organization, else of
// its partner (name, primary colour and uploaded logo), else the partner's name. Only PNG and
// JPEG logos are embedded (the PDF writer cannot decode WebP).
import { db } from '@/lib/db';
import { effectiveBranding } from '@/lib/portal/branding/effective-branding';

const EMBEDDABLE = new Set(['image/png', 'image/jpeg']);

export async function reportBrand(owner: { partnerId: string; orgId: string | null }): Promise<{ name: string; color: string | null; logo: Buffer | null }> {
  const [partner, rows] = await Promise.all([
    db.partner.findUnique({ where: { id: owner.partnerId }, select: { name: true, slug: true } }),
    db.portalBranding.findMany({ where: { partnerId: owner.partnerId, OR: [{ orgId: null }, ...(owner.orgId ? [{ orgId: owner.orgId }] : [])] }, include: { logo: true } }),
  ]);
  if (!partner) return { name: 'Report', color: null, logo: null };
  const partnerRow = rows.find((r) => r.orgId === null) ?? null;
  const orgRow = (owner.orgId && rows.find((r) => r.orgId === owner.orgId)) || null;
  const branding = effectiveBranding(partner, partnerRow, orgRow);
  const withLogo = [orgRow, partnerRow].find((r) => r?.logo && r.logoContentType && EMBEDDABLE.has(r.logoContentType));
  return { name: branding.name, color: /^#[0-9a-f]{6}$/i.test(branding.colors.primary) ? branding.colors.primary : null, logo: withLogo?.logo ? Buffer.from(withLogo.logo.data) : null };
}
