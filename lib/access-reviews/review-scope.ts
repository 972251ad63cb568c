// Access reviews cover every user of a partner, so only callers who see the whole partner run
// or read them: platform admins, and partner-scope users with access to every organization.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { ActorContext } from '@/lib/auth/context';
import { forbidden } from '@/lib/http/errors';
import { hasFullPartnerAccess } from '@/lib/tenancy/scope';

export function assertCanRunReviews(ctx: ActorContext): void {
  if (!hasFullPartnerAccess(ctx)) throw forbidden('Access reviews need access to every organization of the partner');
}

export function reviewWhere(ctx: ActorContext): Prisma.AccessReviewWhereInput {
  assertCanRunReviews(ctx);
  return ctx.scope === 'system' ? {} : { partnerId: ctx.partnerId! };
}
