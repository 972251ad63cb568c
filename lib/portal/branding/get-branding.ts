import { z } from 'zod';
import { db, type DbOrTx } from '@/lib/db';
import type { PortalBranding } from '@/lib/generated/prisma/client';
import { effectiveBranding, logoUrlOf } from '@/lib/portal/branding/effective-branding';
import type { BrandingTarget } from '@/lib/portal/branding/branding-target';
import type { ZBranding } from '@/lib/portal/branding/schemas';

/** The stored values of one level (nulls where unset) and what the portal shows for it. */
export async function getBranding(target: BrandingTarget, client: DbOrTx = db): Promise<z.output<typeof ZBranding>> {
  const rows = await client.portalBranding.findMany({ where: { partnerId: target.partnerId, OR: [{ orgId: null }, ...(target.orgId ? [{ orgId: target.orgId }] : [])] } });
  const own: PortalBranding | null = rows.find((r) => r.orgId === target.orgId) ?? null;
  const partnerRow = rows.find((r) => r.orgId === null) ?? null;
  const logo = own ? logoUrlOf(own) : null;
  return {
    id: own?.id ?? null,
    level: target.orgId ? 'organization' : 'partner',
    partnerId: target.partnerId,
    orgId: target.orgId,
    name: own?.name ?? null,
    customDomain: own?.customDomain ?? null,
    primaryColor: own?.primaryColor ?? null,
    accentColor: own?.accentColor ?? null,
    logoUrl: own?.logoUrl ?? null,
    logo: own && logo && own.logoContentType && own.logoSha256 ? { contentType: own.logoContentType, sizeBytes: own.logoSizeBytes ?? 0, sha256: own.logoSha256, url: logo } : null,
    supportEmail: own?.supportEmail ?? null,
    supportPhone: own?.supportPhone ?? null,
    supportUrl: own?.supportUrl ?? null,
    updatedAt: own?.updatedAt.toISOString() ?? null,
    effective: effectiveBranding(target.partner, partnerRow, target.orgId ? own : null),
  };
}
