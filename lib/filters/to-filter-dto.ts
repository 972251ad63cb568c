import type { SavedFilter } from '@/lib/generated/prisma/client';
import type { FilterRules } from '@/lib/device-filters/schemas';
import type { TSavedFilter } from '@/lib/filters/schemas';

export function toFilterDto(f: SavedFilter): TSavedFilter {
  return {
    id: f.id,
    partnerId: f.partnerId,
    orgId: f.orgId,
    ownerId: f.ownerId,
    visibility: f.visibility,
    name: f.name,
    description: f.description,
    rules: f.rules as unknown as FilterRules,
    createdById: f.createdById,
    updatedById: f.updatedById,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}
