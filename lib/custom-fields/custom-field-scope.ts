// Definitions a caller sees: its organizations' fields plus the partner-wide ones (like scripts).
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { tenantOrPartnerWideWhere } from '@/lib/tenancy/scope';

export function customFieldWhere(ctx: ScopedContext): Prisma.CustomFieldDefinitionWhereInput {
  return tenantOrPartnerWideWhere(ctx);
}

/** Fields that apply to a device: partner-wide ones and its organization's. */
export function fieldsForDevice(device: { partnerId: string; orgId: string }): Prisma.CustomFieldDefinitionWhereInput {
  return { partnerId: device.partnerId, OR: [{ orgId: null }, { orgId: device.orgId }] };
}
