// Doc 3 rules 4 and 6: every write takes one slot of the principal's hourly write budget
// (min(key limit, 120)); minting an enrollment key also takes one slot of the principal's
// (10/hour) and the partner's (100/hour) mint caps. All budgets are checked and taken in one
// transaction, so a refused request takes nothing; 429 carries Retry-After (when the oldest
// counted write leaves the window).
import { db } from '@/lib/db';
import type { ServicePrincipalContext } from '@/lib/auth/context';
import { AppError, tooManyRequests, unavailable } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';
import { PARTNER_API_MAX_WRITES_PER_HOUR } from '@/lib/partner-api/schemas';

const WINDOW_SECONDS = 3600;
export const MINTS_PER_HOUR_PER_PRINCIPAL = 10;
export const MINTS_PER_HOUR_PER_PARTNER = 100;

interface Budget {
  key: string;
  limit: number;
  label: string;
}

export function budgetsFor(ctx: ServicePrincipalContext, kind: 'write' | 'mint'): Budget[] {
  const budgets: Budget[] = [
    { key: `partner-api:write:${ctx.servicePrincipalId}`, limit: Math.min(ctx.writeLimitPerHour, PARTNER_API_MAX_WRITES_PER_HOUR), label: 'write budget of this service principal' },
  ];
  if (kind === 'mint') {
    budgets.push(
      { key: `partner-api:mint:principal:${ctx.servicePrincipalId}`, limit: MINTS_PER_HOUR_PER_PRINCIPAL, label: 'enrollment-key mint cap of this service principal' },
      { key: `partner-api:mint:partner:${ctx.partnerId}`, limit: MINTS_PER_HOUR_PER_PARTNER, label: 'enrollment-key mint cap of the partner' },
    );
  }
  return budgets;
}

export async function consumePartnerApiBudgets(ctx: ServicePrincipalContext, kind: 'write' | 'mint'): Promise<void> {
  const budgets = budgetsFor(ctx, kind).sort((a, b) => a.key.localeCompare(b.key));
  try {
    await db.$transaction(async (tx) => {
      let refused: { budget: Budget; retryAfter: number } | null = null;
      for (const budget of budgets) {
        // Locks in key order: concurrent requests cannot both take a last slot, nor deadlock.
        await tx.$executeRaw`select pg_advisory_xact_lock(hashtextextended(${budget.key}, 0))`;
        const [row] = await tx.$queryRaw<{ count: number; oldest: Date | null }[]>`
          select count(*)::int as count, min(created_at) as oldest from rate_limit_events
          where key = ${budget.key} and created_at > now() - make_interval(secs => ${WINDOW_SECONDS}::double precision)`;
        if (row.count >= budget.limit) {
          const retryAfter = row.oldest ? (row.oldest.getTime() + WINDOW_SECONDS * 1000 - Date.now()) / 1000 : WINDOW_SECONDS;
          if (!refused || retryAfter > refused.retryAfter) refused = { budget, retryAfter };
        }
      }
      if (refused) {
        throw tooManyRequests(`The ${refused.budget.label} (${refused.budget.limit} per hour) is exhausted; retry later`, refused.retryAfter);
      }
      for (const budget of budgets) await tx.$executeRaw`insert into rate_limit_events (key) values (${budget.key})`;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error({ err: error }, 'partner-API budget store unavailable');
    throw unavailable('Rate-limit store unavailable; try again shortly');
  }
}
