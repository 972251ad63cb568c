// GET /contracts/:id/periods and /contracts/:id/periods/:periodId/outcome.
import { db } from '@/lib/db';
import type { ContractPeriod } from '@/lib/generated/prisma/client';
import type { ScopedContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { money } from '@/lib/billing/money';
import { getContractOrThrow } from '@/lib/contracts/get-contract-or-throw';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const day = (d: Date) => d.toISOString().slice(0, 10);

export function toPeriodOutcome(p: ContractPeriod & { contract: { currency: string } }) {
  return {
    periodId: p.id,
    contractId: p.contractId,
    periodStart: day(p.periodStart),
    periodEnd: day(p.periodEnd),
    invoiceId: p.invoiceId,
    currency: p.contract.currency,
    snapshotDeviceTotal: p.snapshotDeviceTotal,
    uncoveredTotal: p.uncoveredTotal,
    uncoveredByRole: p.uncoveredByRole as Record<string, number>,
    flaggedTotal: p.flaggedTotal,
    billedOverageTotal: p.billedOverageTotal,
    billedOverageAmount: money(p.billedOverageAmount),
    generatedAt: p.generatedAt.toISOString(),
  };
}

export async function listContractPeriods(ctx: ScopedContext, contractId: string) {
  await getContractOrThrow(ctx, contractId);
  const rows = await db.contractPeriod.findMany({ where: { contractId }, include: { contract: { select: { currency: true } } }, orderBy: { periodStart: 'desc' }, take: 240 });
  return { data: rows.map(toPeriodOutcome) };
}

export async function getPeriodOutcome(ctx: ScopedContext, contractId: string, periodId: string) {
  await getContractOrThrow(ctx, contractId);
  const period = UUID.test(periodId)
    ? await db.contractPeriod.findFirst({ where: { id: periodId.toLowerCase(), contractId }, include: { contract: { select: { currency: true } } } })
    : null;
  if (!period) throw new AppError('PERIOD_NOT_FOUND', 404, 'Billing period not found');
  return { data: toPeriodOutcome(period) };
}
