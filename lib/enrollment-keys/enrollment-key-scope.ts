import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { orgWhere, tenantWhere } from '@/lib/tenancy/scope';

/** Live enrollment keys of live organizations the caller sees. */
export function enrollmentKeyWhere(ctx: ScopedContext): Prisma.EnrollmentKeyWhereInput {
  return { ...tenantWhere(ctx), deletedAt: null, organization: orgWhere(ctx) };
}
