// Tenancy of patching. The catalogue is shared; a caller sees a patch through the device rows
// of its scope, so a patch found only on another tenant's devices is simply not found.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { tenantWhere } from '@/lib/tenancy/scope';

export function devicePatchWhere(ctx: ScopedContext): Prisma.DevicePatchWhereInput {
  return tenantWhere(ctx);
}

export function patchWhere(ctx: ScopedContext, extra: Prisma.DevicePatchWhereInput = {}): Prisma.PatchWhereInput {
  return { devices: { some: { AND: [tenantWhere(ctx), extra] } } };
}

export function approvalWhere(ctx: ScopedContext): Prisma.PatchApprovalWhereInput {
  return tenantWhere(ctx);
}

export function jobWhere(ctx: ScopedContext): Prisma.PatchJobWhereInput {
  return tenantWhere(ctx);
}
