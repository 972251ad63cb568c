import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';

/**
 * Devices in scope: the caller's partner/organizations (denormalised columns, no join), of live
 * organizations. Decommissioned devices are hidden unless asked for.
 */
export function deviceWhere(ctx: ScopedContext, opts: { includeDecommissioned?: boolean } = {}): Prisma.DeviceWhereInput {
  return {
    ...tenantWhere(ctx),
    organization: { deletedAt: null, partner: { deletedAt: null } },
    ...(opts.includeDecommissioned ? {} : { status: { not: 'decommissioned' } }),
  };
}
