// Stored line rows (Prisma decimals) ⇄ the LineState the rules work on ⇄ the API's line fields.
import type { Prisma } from '@/lib/generated/prisma/client';
import { formatRate, money } from '@/lib/billing/money';
import type { DeviceSetType, LineState, LineType } from '@/lib/billing/line-fields';

type Dec = Prisma.Decimal;

export interface StoredLine {
  type: LineType;
  catalogItemId: string | null;
  description: string;
  unitPrice: Dec;
  taxRate: Dec;
  sortOrder: number;
  deviceSetType: DeviceSetType | null;
  siteId: string | null;
  groupId: string | null;
  roles: string[];
  includedQuantity: number | null;
  overageMode: 'bill' | 'flag' | null;
  overagePrice: Dec | null;
}

export function lineStateOf(row: StoredLine, quantity: Dec | null): LineState {
  return {
    type: row.type,
    catalogItemId: row.catalogItemId,
    description: row.description,
    unitPrice: money(row.unitPrice),
    quantity: quantity === null ? null : money(quantity),
    taxRate: formatRate(row.taxRate),
    sortOrder: row.sortOrder,
    deviceSetType: row.deviceSetType,
    siteId: row.siteId,
    groupId: row.groupId,
    roles: row.roles,
    includedQuantity: row.includedQuantity,
    overageMode: row.overageMode,
    overagePrice: row.overagePrice === null ? null : money(row.overagePrice),
  };
}

/** Columns shared by every line table (the quantity column is written by each document). */
export function lineColumns(s: LineState) {
  return {
    catalogItemId: s.catalogItemId,
    description: s.description,
    unitPrice: s.unitPrice,
    taxRate: s.taxRate,
    sortOrder: s.sortOrder,
    deviceSetType: s.deviceSetType,
    siteId: s.siteId,
    groupId: s.groupId,
    roles: s.roles,
    includedQuantity: s.includedQuantity,
    overageMode: s.overageMode,
    overagePrice: s.overagePrice,
  };
}

/** Device-set fields of a line DTO. */
export function deviceSetDto(s: LineState) {
  return {
    deviceSetType: s.deviceSetType,
    siteId: s.siteId,
    groupId: s.groupId,
    roles: s.roles,
    includedQuantity: s.includedQuantity,
    overageMode: s.overageMode,
    overagePrice: s.overagePrice,
  };
}

/** Line order everywhere (doc 2): (sortOrder, createdAt, id). */
export const LINE_ORDER = [{ sortOrder: 'asc' as const }, { createdAt: 'asc' as const }, { id: 'asc' as const }];

/**
 * Lines written together keep the order they were sent in: each gets its own createdAt (a
 * millisecond apart), since (sortOrder, createdAt, id) orders them and one statement's now()
 * is shared.
 */
export function inSentOrder<T>(rows: T[], base = Date.now()): (T & { createdAt: Date })[] {
  return rows.map((row, i) => ({ ...row, createdAt: new Date(base + i) }));
}
