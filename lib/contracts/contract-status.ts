// Contract statuses: draft → active (activate) → cancelled (cancel) or expired (after endDate,
// by the billing sweep); a draft can also be cancelled, and only drafts are deleted.
import type { Tx } from '@/lib/db';
import { db } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { conflict } from '@/lib/http/errors';
import { invalidTransition, lockContractOrThrow } from '@/lib/contracts/get-contract-or-throw';
import { contractInclude, toContractDto } from '@/lib/contracts/to-contract-dto';
import type { BulkOutcome } from '@/lib/billing/run-bulk';

export async function activateContract(ctx: ActorContext, id: string) {
  const contract = await db.$transaction(async (tx) => {
    const current = await lockContractOrThrow(ctx, id, tx);
    if (current.status !== 'draft') throw invalidTransition('contract', current.status, 'active');
    return tx.contract.update({ where: { id }, data: { status: 'active', activatedAt: new Date() }, include: contractInclude });
  });
  return { data: toContractDto(contract) };
}

/** Cancels one contract inside the caller's transaction; `skipped` when it already is cancelled. */
export async function cancelContractIn(tx: Tx, ctx: ActorContext, id: string, reason: string | undefined): Promise<BulkOutcome> {
  const current = await lockContractOrThrow(ctx, id, tx);
  if (current.status === 'cancelled') return 'skipped';
  if (current.status !== 'draft' && current.status !== 'active') throw invalidTransition('contract', current.status, 'cancelled');
  await tx.contract.update({ where: { id }, data: { status: 'cancelled', cancelledAt: new Date(), cancelReason: reason ?? null } });
  return 'updated';
}

export async function cancelContract(ctx: ActorContext, id: string, reason: string | undefined) {
  await db.$transaction(async (tx) => {
    const current = await lockContractOrThrow(ctx, id, tx);
    if (current.status === 'cancelled') throw invalidTransition('contract', 'cancelled', 'cancelled');
    await cancelContractIn(tx, ctx, id, reason);
  });
  return { data: toContractDto(await db.contract.findUniqueOrThrow({ where: { id }, include: contractInclude })) };
}

/** Only drafts are deleted (with their lines); anything billed stays on record. */
export async function deleteContractIn(tx: Tx, ctx: ActorContext, id: string): Promise<BulkOutcome> {
  const current = await lockContractOrThrow(ctx, id, tx);
  if (current.status !== 'draft') throw conflict(`Only draft contracts can be deleted (this one is ${current.status})`, 'CONTRACT_NOT_DRAFT', { status: current.status });
  await tx.contract.delete({ where: { id } });
  return 'updated';
}

export async function deleteContract(ctx: ActorContext, id: string): Promise<void> {
  await db.$transaction((tx) => deleteContractIn(tx, ctx, id));
}
