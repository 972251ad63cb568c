import type { CustomFieldDefinition } from '@/lib/generated/prisma/client';

export function toCustomFieldDto(f: CustomFieldDefinition) {
  return {
    id: f.id,
    partnerId: f.partnerId,
    orgId: f.orgId,
    key: f.key,
    name: f.name,
    description: f.description,
    type: f.type,
    options: f.options,
    scriptWritable: f.scriptWritable,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}
