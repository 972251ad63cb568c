// A draft's currency change (doc 2): with monetary lines the caller must choose `clearLines` or
// `reprice` (each line from its catalog item's price in the new currency); amounts are never
// converted by an exchange rate.
import type { DbOrTx } from '@/lib/db';
import { badRequest, conflict } from '@/lib/http/errors';
import { toCents } from '@/lib/billing/money';
import { catalogPrice, type LineDocument } from '@/lib/billing/resolve-line';
import type { Prisma } from '@/lib/generated/prisma/client';

export interface PricedRow {
  id: string;
  catalogItemId: string | null;
  unitPrice: Prisma.Decimal;
  overagePrice?: Prisma.Decimal | null;
}

export type CurrencyPlan = { kind: 'keep' } | { kind: 'clear' } | { kind: 'reprice'; updates: { id: string; unitPrice: string; overagePrice: string | null | undefined }[] };

export async function planCurrencyChange(
  client: DbOrTx,
  doc: LineDocument,
  lines: PricedRow[],
  flags: { clearLines?: boolean; reprice?: boolean },
): Promise<CurrencyPlan> {
  if (flags.clearLines && flags.reprice) throw badRequest('Send clearLines or reprice, not both', [{ path: 'body', message: 'clearLines and reprice are exclusive' }]);
  const monetary = lines.some((l) => toCents(l.unitPrice) !== 0n || (l.overagePrice != null && toCents(l.overagePrice) !== 0n));
  if (flags.clearLines) return { kind: 'clear' };
  if (!flags.reprice) {
    if (monetary) throw badRequest('The document has monetary lines: send clearLines or reprice', [{ path: 'body', message: 'clearLines or reprice required' }], 'LINE_ACTION_REQUIRED');
    return { kind: 'keep' };
  }
  const updates = [];
  for (const line of lines) {
    if (!line.catalogItemId) {
      throw conflict('A line without a catalog item cannot be re-priced: edit or remove it, or send clearLines', 'LINE_NOT_REPRICEABLE', { lineId: line.id });
    }
    const { unitPrice } = await catalogPrice(client, doc, line.catalogItemId);
    updates.push({ id: line.id, unitPrice, overagePrice: line.overagePrice == null ? line.overagePrice : unitPrice });
  }
  return { kind: 'reprice', updates };
}
