import type { LineWrite } from '@/lib/billing/resolve-line';

/** A contract line body → the generic line write (`manualQuantity` is the line's quantity). */
export function contractLineWrite<T extends { manualQuantity?: string } & Record<string, unknown>>(body: T): LineWrite & { type?: unknown } {
  const { manualQuantity, ...rest } = body;
  return { ...(rest as LineWrite), ...(manualQuantity !== undefined ? { quantity: manualQuantity } : {}) };
}
