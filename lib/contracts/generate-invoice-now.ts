// POST /contracts/:id/generate-invoice: bill the contract's next begun period now, instead of
// waiting for the hourly sweep.
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { billingOff } from '@/lib/billing/assert-billing-allowed';
import { generateContractPeriod, periodNotDue } from '@/lib/billing/generate-contract-period';
import { getContractOrThrow } from '@/lib/contracts/get-contract-or-throw';
import { toPeriodOutcome } from '@/lib/contracts/period-outcome';
import { todayUtc } from '@/lib/quotes/quote-status';
import { invoiceInclude, toInvoiceDto } from '@/lib/invoices/to-invoice-dto';

export async function generateInvoiceNow(ctx: ActorContext, id: string) {
  await getContractOrThrow(ctx, id);
  const r = await db.$transaction((tx) => generateContractPeriod(tx, id, todayUtc()), { timeout: 60_000, maxWait: 10_000 });
  if (r.status === 'not_due') throw periodNotDue();
  if (r.status === 'billing_off') throw billingOff();
  if (r.status !== 'generated') throw conflict('Only an active contract is billed', 'CONTRACT_NOT_ACTIVE');
  const [period, invoice] = await Promise.all([
    db.contractPeriod.findUniqueOrThrow({ where: { id: r.periodId }, include: { contract: { select: { currency: true } } } }),
    db.invoice.findUniqueOrThrow({ where: { id: r.invoiceId }, include: invoiceInclude }),
  ]);
  return { data: { period: toPeriodOutcome(period), invoice: toInvoiceDto(invoice) } };
}
