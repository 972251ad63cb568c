import type { DeviceGroup } from '@/lib/generated/prisma/client';
import type { z } from 'zod';
import type { ZGroup, ZGroupRules } from '@/lib/device-groups/schemas';

export function toGroupDto(g: DeviceGroup & { _count?: { memberships: number } }, deviceCount?: number): z.infer<typeof ZGroup> {
  return {
    id: g.id,
    partnerId: g.partnerId,
    orgId: g.orgId,
    siteId: g.siteId,
    name: g.name,
    description: g.description,
    type: g.type,
    rules: (g.rules ?? null) as z.infer<typeof ZGroupRules> | null,
    deviceCount: deviceCount ?? g._count?.memberships ?? 0,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  };
}
