import type { UserContext } from '@/lib/auth/context';
import { ownPartnerWhere } from '@/lib/tenancy/scope';
import { getAiBudget } from '@/lib/ai/ai-budget';
import type { TAiBudget } from '@/lib/ai/schemas';

/** The caller's partner's budget for the current month. */
export function getMyAiBudget(ctx: UserContext): Promise<TAiBudget> {
  return getAiBudget(ownPartnerWhere(ctx).partnerId);
}
