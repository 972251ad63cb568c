import type { Organization } from '@/lib/generated/prisma/client';

export function toOrganizationDto(o: Organization) {
  return {
    id: o.id,
    partnerId: o.partnerId,
    name: o.name,
    slug: o.slug,
    status: o.status,
    timezone: o.timezone,
    settings: (o.settings ?? {}) as Record<string, unknown>,
    contractStart: o.contractStart ? o.contractStart.toISOString().slice(0, 10) : null,
    billingContact: (o.billingContact ?? null) as Record<string, unknown> | null,
    maxDevices: o.maxDevices,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}
