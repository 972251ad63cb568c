import type { Prisma, Site } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { orgWhere, tenantWhere } from '@/lib/tenancy/scope';

/** Sites in scope: live sites of live organizations the caller sees. */
export function siteWhere(ctx: ScopedContext): Prisma.SiteWhereInput {
  return { ...tenantWhere(ctx), deletedAt: null, organization: orgWhere(ctx) };
}

export function toSiteDto(s: Site) {
  return {
    id: s.id,
    orgId: s.orgId,
    partnerId: s.partnerId,
    name: s.name,
    timezone: s.timezone,
    address: s.address,
    contact: (s.contact ?? null) as Record<string, unknown> | null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
