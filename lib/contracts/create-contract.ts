import { z } from 'zod';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { badRequest } from '@/lib/http/errors';
import { getOrganizationOrThrow } from '@/lib/organizations/get-organization-or-throw';
import { assertBillingAllowed } from '@/lib/billing/assert-billing-allowed';
import { resolveNewLine } from '@/lib/billing/resolve-line';
import { inSentOrder, lineColumns } from '@/lib/billing/line-state';
import { contractInclude, toContractDto } from '@/lib/contracts/to-contract-dto';
import { contractLineWrite } from '@/lib/contracts/contract-line-write';
import type { ZCreateContract } from '@/lib/contracts/schemas';

export function orgIdFor(ctx: ActorContext, orgId: string | undefined): string {
  const id = orgId ?? (ctx.scope === 'organization' ? ctx.orgId : null);
  if (!id) throw badRequest('body.orgId: required for partner and system callers', [{ path: 'body.orgId', message: 'Required' }]);
  return id;
}

export const utcDate = (ymd: string) => new Date(`${ymd}T00:00:00.000Z`);

export function assertDateOrder(start: Date, end: Date | null) {
  if (end && end < start) throw badRequest('endDate must not be before startDate', [{ path: 'body.endDate', message: 'Before startDate' }]);
}

export async function createContract(ctx: ActorContext, input: z.output<typeof ZCreateContract>) {
  const orgId = orgIdFor(ctx, input.orgId);
  const contract = await db.$transaction(async (tx) => {
    const org = await getOrganizationOrThrow(ctx, orgId, tx);
    await assertBillingAllowed(tx, org.partnerId);
    const startDate = utcDate(input.startDate);
    const endDate = input.endDate ? utcDate(input.endDate) : null;
    assertDateOrder(startDate, endDate);
    const doc = { partnerId: org.partnerId, orgId: org.id, currency: input.currency };
    const lines = [];
    for (const line of input.lines) lines.push(await resolveNewLine(tx, doc, line.type, contractLineWrite(line)));
    return tx.contract.create({
      data: {
        partnerId: org.partnerId,
        orgId: org.id,
        name: input.name,
        currency: input.currency,
        startDate,
        endDate,
        nextPeriodStart: startDate,
        paymentTermsDays: input.paymentTermsDays,
        notes: input.notes,
        lines: { create: inSentOrder(lines.map((s) => ({ type: s.type, manualQuantity: s.quantity, ...lineColumns(s) }))) },
      },
      include: contractInclude,
    });
  });
  return { data: toContractDto(contract) };
}
