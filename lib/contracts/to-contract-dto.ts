import type { Contract, ContractLine } from '@/lib/generated/prisma/client';
import { deviceSetDto, lineStateOf, LINE_ORDER } from '@/lib/billing/line-state';
import type { TContract, TContractLine } from '@/lib/contracts/schemas';

export type ContractWithLines = Contract & { lines: ContractLine[] };
export const contractInclude = { lines: { orderBy: LINE_ORDER } };

export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const iso = (d: Date | null) => d?.toISOString() ?? null;

export function contractLineState(l: ContractLine) {
  return lineStateOf(l, l.manualQuantity);
}

export function toContractLineDto(l: ContractLine): TContractLine {
  const s = contractLineState(l);
  return {
    id: l.id,
    contractId: l.contractId,
    type: l.type as TContractLine['type'],
    catalogItemId: s.catalogItemId,
    description: s.description,
    unitPrice: s.unitPrice,
    manualQuantity: s.quantity,
    taxRate: s.taxRate,
    sortOrder: s.sortOrder,
    ...deviceSetDto(s),
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  };
}

export function toContractDto(c: ContractWithLines): TContract {
  return {
    id: c.id,
    partnerId: c.partnerId,
    orgId: c.orgId,
    name: c.name,
    status: c.status,
    currency: c.currency,
    startDate: isoDate(c.startDate),
    endDate: c.endDate ? isoDate(c.endDate) : null,
    paymentTermsDays: c.paymentTermsDays,
    notes: c.notes,
    nextPeriodStart: isoDate(c.nextPeriodStart),
    quoteId: c.quoteId,
    activatedAt: iso(c.activatedAt),
    cancelledAt: iso(c.cancelledAt),
    cancelReason: c.cancelReason,
    lines: c.lines.map(toContractLineDto),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
