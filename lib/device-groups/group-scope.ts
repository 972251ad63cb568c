import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';

export function groupWhere(ctx: ScopedContext): Prisma.DeviceGroupWhereInput {
  return { ...tenantWhere(ctx), organization: { deletedAt: null, partner: { deletedAt: null } } };
}
