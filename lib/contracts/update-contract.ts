import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { assertContractEditable, lockContractOrThrow } from '@/lib/contracts/get-contract-or-throw';
import { assertDateOrder, utcDate } from '@/lib/contracts/create-contract';
import { contractInclude, toContractDto } from '@/lib/contracts/to-contract-dto';
import type { ZUpdateContract } from '@/lib/contracts/schemas';

export async function updateContract(ctx: ActorContext, id: string, input: z.output<typeof ZUpdateContract>) {
  const contract = await db.$transaction(async (tx) => {
    const current = await lockContractOrThrow(ctx, id, tx);
    assertContractEditable(current);
    if (input.startDate !== undefined && current.status !== 'draft') throw conflict('startDate can only change while the contract is a draft', 'CONTRACT_NOT_DRAFT');
    const startDate = input.startDate ? utcDate(input.startDate) : current.startDate;
    const endDate = input.endDate === undefined ? current.endDate : input.endDate ? utcDate(input.endDate) : null;
    assertDateOrder(startDate, endDate);
    return tx.contract.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        ...(input.paymentTermsDays !== undefined ? { paymentTermsDays: input.paymentTermsDays } : {}),
        ...(input.startDate !== undefined ? { startDate, nextPeriodStart: startDate } : {}),
        ...(input.endDate !== undefined ? { endDate } : {}),
      },
      include: contractInclude,
    });
  });
  return { data: toContractDto(contract) };
}
