// Definitions a caller sees: its organizations' fields plus the partner-wide ones (like scripts).
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';

export function customFieldWhere(ctx: ScopedContext): Prisma.CustomFieldDefinitionWhereInput {
  if (ctx.scope === 'system') return {};
  const t = tenantWhere(ctx);
  return { AND: [{ partnerId: ctx.partnerId ?? '00000000-0000-0000-0000-000000000000' }, t.orgId === undefined ? {} : { OR: [{ orgId: null }, { orgId: t.orgId }] }] };
}

/** Fields that apply to a device: partner-wide ones and its organization's. */
export function fieldsForDevice(device: { partnerId: string; orgId: string }): Prisma.CustomFieldDefinitionWhereInput {
  return { partnerId: device.partnerId, OR: [{ orgId: null }, { orgId: device.orgId }] };
}
