import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { planCurrencyChange } from '@/lib/billing/plan-currency-change';
import type { ZCurrencyChange } from '@/lib/billing/schemas';
import { lockContractOrThrow } from '@/lib/contracts/get-contract-or-throw';
import { contractInclude, toContractDto } from '@/lib/contracts/to-contract-dto';

export async function changeContractCurrency(ctx: ActorContext, id: string, input: z.output<typeof ZCurrencyChange>) {
  const contract = await db.$transaction(async (tx) => {
    const current = await lockContractOrThrow(ctx, id, tx);
    if (current.status !== 'draft') throw conflict('Only a draft contract can change currency', 'CONTRACT_NOT_DRAFT', { status: current.status });
    const plan = await planCurrencyChange(tx, { ...current, currency: input.currency }, current.lines, input);
    if (plan.kind === 'clear') await tx.contractLine.deleteMany({ where: { contractId: id } });
    if (plan.kind === 'reprice') {
      for (const u of plan.updates) await tx.contractLine.update({ where: { id: u.id }, data: { unitPrice: u.unitPrice, overagePrice: u.overagePrice } });
    }
    return tx.contract.update({ where: { id }, data: { currency: input.currency }, include: contractInclude });
  });
  return { data: toContractDto(contract) };
}
