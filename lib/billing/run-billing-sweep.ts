// The billing sweep (worker, hourly): sent quotes past validUntil expire, contracts past their end
// expire, and every begun period of an active contract is invoiced (a backlog is caught up, a
// bounded number of periods per run). One contract's failure (SITE_DELETED …) never stops the others.
import { db } from '@/lib/db';
import { AppError } from '@/lib/http/errors';
import { logger } from '@/lib/observability/logger';
import { generateContractPeriod } from '@/lib/billing/generate-contract-period';
import { expireQuotes, todayUtc } from '@/lib/quotes/quote-status';

const MAX_PERIODS_PER_CONTRACT = 36;
const CONTRACT_BATCH = 500;

export interface SweepResult {
  quotesExpired: number;
  contractsExpired: number;
  periodsGenerated: number;
  failures: { contractId: string; code: string }[];
}

export async function runBillingSweep(today = todayUtc()): Promise<SweepResult> {
  const quotesExpired = await expireQuotes(today);
  const ended = await db.$executeRaw`
    update contracts set status = 'expired', updated_at = now()
    where status = 'active' and end_date is not null and end_date < ${today}::date and next_period_start > end_date`;
  const due = await db.contract.findMany({ where: { status: 'active', nextPeriodStart: { lte: today } }, select: { id: true }, orderBy: { nextPeriodStart: 'asc' }, take: CONTRACT_BATCH });
  let periodsGenerated = 0;
  const failures: SweepResult['failures'] = [];
  for (const { id } of due) {
    try {
      for (let i = 0; i < MAX_PERIODS_PER_CONTRACT; i++) {
        const r = await db.$transaction((tx) => generateContractPeriod(tx, id, today), { timeout: 60_000, maxWait: 10_000 });
        if (r.status !== 'generated') break;
        periodsGenerated++;
      }
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
      if (!(error instanceof AppError)) logger.error({ err: error, contractId: id }, 'billing period generation failed');
      else logger.warn({ contractId: id, code, details: error.details }, 'billing period not generated');
      failures.push({ contractId: id, code });
    }
  }
  return { quotesExpired, contractsExpired: Number(ended), periodsGenerated, failures };
}
