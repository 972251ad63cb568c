// POST/PATCH/DELETE /contracts/:id/lines[/:lineId] (doc 2 "Contract line").
import { z } from 'zod';
import { db, type Tx } from '@/lib/db';
import type { ActorContext } from '@/lib/auth/context';
import { AppError } from '@/lib/http/errors';
import { resolveNewLine, resolvePatchedLine } from '@/lib/billing/resolve-line';
import { lineColumns } from '@/lib/billing/line-state';
import { assertContractEditable, lockContractOrThrow } from '@/lib/contracts/get-contract-or-throw';
import { contractLineState, toContractLineDto } from '@/lib/contracts/to-contract-dto';
import { contractLineWrite } from '@/lib/contracts/contract-line-write';
import type { ZCreateContractLine, ZUpdateContractLine } from '@/lib/contracts/schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const lineNotFound = () => new AppError('LINE_NOT_FOUND', 404, 'Contract line not found');

async function editableContract(tx: Tx, ctx: ActorContext, id: string) {
  const contract = await lockContractOrThrow(ctx, id, tx);
  assertContractEditable(contract);
  return contract;
}

function findLine<T extends { id: string }>(lines: T[], lineId: string): T {
  const line = UUID.test(lineId) ? lines.find((l) => l.id === lineId.toLowerCase()) : undefined;
  if (!line) throw lineNotFound();
  return line;
}

export async function addContractLine(ctx: ActorContext, contractId: string, input: z.output<typeof ZCreateContractLine>) {
  const line = await db.$transaction(async (tx) => {
    const contract = await editableContract(tx, ctx, contractId);
    const s = await resolveNewLine(tx, contract, input.type, contractLineWrite(input));
    return tx.contractLine.create({ data: { contractId, type: s.type, manualQuantity: s.quantity, ...lineColumns(s) } });
  });
  return { data: toContractLineDto(line) };
}

export async function updateContractLine(ctx: ActorContext, contractId: string, lineId: string, input: z.output<typeof ZUpdateContractLine>) {
  const line = await db.$transaction(async (tx) => {
    const contract = await editableContract(tx, ctx, contractId);
    const current = findLine(contract.lines, lineId);
    const s = await resolvePatchedLine(tx, contract, contractLineState(current), contractLineWrite(input));
    return tx.contractLine.update({ where: { id: current.id }, data: { manualQuantity: s.quantity, ...lineColumns(s) } });
  });
  return { data: toContractLineDto(line) };
}

export async function deleteContractLine(ctx: ActorContext, contractId: string, lineId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const contract = await editableContract(tx, ctx, contractId);
    const line = findLine(contract.lines, lineId);
    await tx.contractLine.delete({ where: { id: line.id } });
  });
}
