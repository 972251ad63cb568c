import type { DbOrTx, Tx } from '@/lib/db';
import { db } from '@/lib/db';
import type { ScopedContext } from '@/lib/auth/context';
import { conflict, notFound } from '@/lib/http/errors';
import { documentWhere } from '@/lib/billing/billing-scope';
import { contractInclude, type ContractWithLines } from '@/lib/contracts/to-contract-dto';

export async function getContractOrThrow(ctx: ScopedContext, id: string, client: DbOrTx = db): Promise<ContractWithLines> {
  const contract = await client.contract.findFirst({ where: { id, ...documentWhere(ctx) }, include: contractInclude });
  if (!contract) throw notFound('Contract');
  return contract;
}

/** For writes, inside their transaction: the row is locked so concurrent writers queue. */
export async function lockContractOrThrow(ctx: ScopedContext, id: string, tx: Tx): Promise<ContractWithLines> {
  await tx.$executeRaw`select 1 from contracts where id = ${id}::uuid for update`;
  return getContractOrThrow(ctx, id, tx);
}

export const invalidTransition = (what: string, from: string, to: string) =>
  conflict(`A ${from} ${what} cannot become ${to}`, 'INVALID_STATUS_TRANSITION', { from, to });

/** Lines can change while the contract is draft or active. */
export function assertContractEditable(c: { status: string }) {
  if (c.status !== 'draft' && c.status !== 'active') throw conflict(`A ${c.status} contract cannot be edited`, 'CONTRACT_NOT_EDITABLE', { status: c.status });
}
