// The per-partner monthly budget of the assistant: tokens (input + output) and cost, per UTC
// calendar month. A partner's settings.ai sets its own limits; otherwise the service defaults
// (AI_MONTHLY_TOKEN_BUDGET, AI_MONTHLY_COST_BUDGET_USD; 0 means no limit). The stop is hard: a
// generation does not start, and a running one makes no further model call, once either limit is
// reached. Concurrent generations of one partner can overrun by at most the calls in flight.
import { env } from '@/lib/env';
import { db } from '@/lib/db';
import { tooManyRequests } from '@/lib/http/errors';
import { aiModelSettings } from '@/lib/ai/model-settings';
import type { TAiBudget } from '@/lib/ai/schemas';

export interface MonthRange {
  month: string;
  start: Date;
  end: Date;
}

/** The UTC calendar month holding `at`, or the one named `YYYY-MM`. */
export function monthRange(at: Date | string = new Date()): MonthRange {
  const [y, m] = typeof at === 'string' ? at.split('-').map(Number) : [at.getUTCFullYear(), at.getUTCMonth() + 1];
  const start = new Date(Date.UTC(y, m - 1, 1));
  const end = new Date(Date.UTC(y, m, 1));
  return { month: `${y}-${String(m).padStart(2, '0')}`, start, end };
}

interface PartnerAiSettings {
  monthlyTokenBudget?: number | null;
  monthlyCostBudgetUsd?: number | null;
}

async function limitsOf(partnerId: string) {
  const partner = await db.partner.findUnique({ where: { id: partnerId }, select: { settings: true } });
  const ai = ((partner?.settings as { ai?: PartnerAiSettings } | null)?.ai ?? {}) as PartnerAiSettings;
  const config = env();
  const own = ai.monthlyTokenBudget != null || ai.monthlyCostBudgetUsd != null;
  const tokens = ai.monthlyTokenBudget ?? config.AI_MONTHLY_TOKEN_BUDGET;
  const cost = ai.monthlyCostBudgetUsd ?? config.AI_MONTHLY_COST_BUDGET_USD;
  return { tokenLimit: tokens > 0 ? tokens : null, costLimitUsd: cost > 0 ? cost : null, source: own ? ('partner' as const) : ('default' as const) };
}

export async function getAiBudget(partnerId: string, now = new Date()): Promise<TAiBudget> {
  const range = monthRange(now);
  const [limits, used] = await Promise.all([
    limitsOf(partnerId),
    db.aiUsage.aggregate({ where: { partnerId, createdAt: { gte: range.start, lt: range.end } }, _sum: { inputTokens: true, outputTokens: true, costMicros: true } }),
  ]);
  const usedTokens = (used._sum.inputTokens ?? 0) + (used._sum.outputTokens ?? 0);
  const usedCostUsd = Number(used._sum.costMicros ?? 0n) / 1e6;
  const remainingTokens = limits.tokenLimit === null ? null : Math.max(0, limits.tokenLimit - usedTokens);
  const remainingCostUsd = limits.costLimitUsd === null ? null : Math.max(0, limits.costLimitUsd - usedCostUsd);
  return {
    month: range.month,
    resetsAt: range.end.toISOString(),
    tokenLimit: limits.tokenLimit,
    costLimitUsd: limits.costLimitUsd,
    usedTokens,
    usedCostUsd: Math.round(usedCostUsd * 1e6) / 1e6,
    remainingTokens,
    remainingCostUsd: remainingCostUsd === null ? null : Math.round(remainingCostUsd * 1e6) / 1e6,
    exceeded: remainingTokens === 0 || remainingCostUsd === 0,
    source: limits.source,
    configured: aiModelSettings() !== null,
  };
}

export const BUDGET_EXCEEDED_CODE = 'AI_BUDGET_EXCEEDED';

export function budgetExceededMessage(budget: TAiBudget): string {
  return `The partner’s AI budget for ${budget.month} is used up (${budget.usedTokens} tokens, $${budget.usedCostUsd.toFixed(2)}); it resets at ${budget.resetsAt}`;
}

/** 429 AI_BUDGET_EXCEEDED (Retry-After: until the month resets) when the budget is spent. */
export async function assertWithinAiBudget(partnerId: string): Promise<TAiBudget> {
  const budget = await getAiBudget(partnerId);
  if (budget.exceeded) {
    const seconds = Math.max(1, Math.ceil((Date.parse(budget.resetsAt) - Date.now()) / 1000));
    throw tooManyRequests(budgetExceededMessage(budget), seconds, BUDGET_EXCEEDED_CODE);
  }
  return budget;
}
