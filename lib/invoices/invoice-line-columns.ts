import type { LineState } from '@/lib/billing/line-fields';

/** Invoice lines added by hand carry no device set. */
export function invoiceLineColumns(s: LineState) {
  return { catalogItemId: s.catalogItemId, description: s.description, unitPrice: s.unitPrice, quantity: s.quantity ?? '1', taxRate: s.taxRate, sortOrder: s.sortOrder };
}
