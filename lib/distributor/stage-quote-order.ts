// Quote acceptance of a distributor-backed quote (doc 2 "States and transitions"): a quote is
// distributor-backed when some of its lines name a catalog item mapped to an active distributor
// product of the partner's integration. Accepting it stages a quote-sourced order of those lines
// (awaiting commitment and provisioning details, completed by PATCH); nothing is sent to the
// distributor, and the company is resolved at preflight/submit.
import type { Tx } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { findMappedProducts } from './list-products';
import { BILLING_TERMS } from './order-schemas';

interface QuoteForStaging {
  id: string;
  partnerId: string;
  orgId: string;
  createdById: string | null;
  lines: { id: string; catalogItemId: string | null; quantity: Prisma.Decimal; sortOrder: number; createdAt: Date }[];
}

/** Stages the order and returns its id, or null when the quote is not distributor-backed. */
export async function stageQuoteOrder(tx: Tx, quote: QuoteForStaging): Promise<string | null> {
  const integration = await tx.distributorIntegration.findUnique({ where: { partnerId: quote.partnerId } });
  if (!integration) return null;
  const mapped = await findMappedProducts(integration);
  const byItem = new Map(mapped.map((m) => [m.catalogItemId, m]));
  const lines = [...quote.lines]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.createdAt.getTime() - b.createdAt.getTime())
    .filter((l) => l.catalogItemId && byItem.has(l.catalogItemId) && l.quantity.greaterThan(0));
  if (lines.length === 0) return null;
  const order = await tx.distributorOrder.create({
    data: { partnerId: quote.partnerId, orgId: quote.orgId, integrationId: integration.id, source: 'quote', quoteId: quote.id, status: 'awaiting_details', createdById: quote.createdById },
  });
  for (const line of lines) {
    const product = byItem.get(line.catalogItemId!)!;
    const term = (BILLING_TERMS as readonly string[]).includes(product.billingFrequency ?? '') ? product.billingFrequency! : 'Monthly';
    await tx.distributorOrderLine.create({
      data: { orderId: order.id, action: 'new_subscription', distributorProductId: product.distributorProductId, catalogItemId: product.catalogItemId, billingTerm: term, quantity: line.quantity, quoteLineId: line.id },
    });
  }
  return order.id;
}
