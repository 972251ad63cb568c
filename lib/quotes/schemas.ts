import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { LINE_TYPES, ZBulkIds, ZCurrency, ZDate, ZDeviceSetDto, ZTotals } from '@/lib/billing/schemas';
import { lineBaseFields, ZQuantity } from '@/lib/billing/line-fields';

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired', 'converted'] as const;

const ZEmail = z.string().trim().toLowerCase().email().max(255);

export const ZCreateQuoteLine = z
  .object({
    type: z.enum(LINE_TYPES).describe('manual: recurring quantity × price; per_device: recurring, counted from a device set; one_time: billed once. Immutable.'),
    blockId: z.string().uuid().nullable(),
    ...lineBaseFields,
    quantity: ZQuantity,
  })
  .partial()
  .required({ type: true })
  .strict();

export const ZUpdateQuoteLine = z
  .object({
    blockId: z.string().uuid().nullable(),
    ...lineBaseFields,
    quantity: ZQuantity,
    type: z.unknown().describe('Immutable: present → 400 INVALID_LINE_PATCH'),
  })
  .partial()
  .strict();

export const ZCreateQuoteBlock = z.object({ title: z.string().trim().min(1).max(255), body: z.string().max(20_000).default(''), sortOrder: z.number().int().min(0).max(2_147_483_647).default(0) }).strict();
export const ZUpdateQuoteBlock = z.object({ title: z.string().trim().min(1).max(255), body: z.string().max(20_000), sortOrder: z.number().int().min(0).max(2_147_483_647) }).partial().strict();

const quoteFields = {
  title: z.string().trim().min(1).max(255),
  validUntil: ZDate.nullable().describe('Last day the customer can accept; a sent quote past it becomes expired'),
  notes: z.string().max(20_000),
  recipientEmail: ZEmail.nullable().describe('Who receives the quote and its accept/decline link'),
};

export const ZCreateQuote = z
  .object({
    orgId: z.string().uuid().optional().describe('Required for partner and system callers'),
    currency: ZCurrency,
    ...quoteFields,
    validUntil: quoteFields.validUntil.optional(),
    notes: quoteFields.notes.default(''),
    recipientEmail: quoteFields.recipientEmail.optional(),
    blocks: z.array(ZCreateQuoteBlock).max(50).default([]),
    lines: z.array(ZCreateQuoteLine.omit({ blockId: true })).max(200).default([]),
  })
  .strict();

export const ZUpdateQuote = z.object(quoteFields).partial().strict();

export const ZQuoteLine = z.object({
  id: z.string(),
  quoteId: z.string(),
  blockId: z.string().nullable(),
  type: z.enum(LINE_TYPES),
  catalogItemId: z.string().nullable(),
  description: z.string(),
  unitPrice: z.string(),
  quantity: z.string().nullable(),
  taxRate: z.string(),
  sortOrder: z.number().int(),
  ...ZDeviceSetDto,
  amount: z.string().describe('quantity × unit price (per-device lines: included quantity × unit price), before tax'),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'QuoteLine' });

export const ZQuoteBlock = z.object({ id: z.string(), title: z.string(), body: z.string(), sortOrder: z.number().int() }).meta({ id: 'QuoteBlock' });

export const ZQuote = z.object({
  id: z.string(),
  partnerId: z.string(),
  orgId: z.string(),
  title: z.string(),
  status: z.enum(QUOTE_STATUSES),
  currency: z.string(),
  validUntil: z.string().nullable(),
  notes: z.string(),
  recipientEmail: z.string().nullable(),
  sentAt: ZTimestamp.nullable(),
  respondedAt: ZTimestamp.nullable(),
  convertedAt: ZTimestamp.nullable(),
  contractId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  ...ZTotals,
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'Quote' });

export const ZBranding = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  colors: z.object({ primary: z.string(), primaryText: z.string(), accent: z.string(), accentText: z.string() }),
  support: z.object({ email: z.string().nullable(), phone: z.string().nullable(), url: z.string().nullable() }),
}).meta({ id: 'QuoteBranding' });

export const ZQuoteDetail = z.object({
  quote: ZQuote,
  blocks: z.array(ZQuoteBlock),
  lines: z.array(ZQuoteLine),
  branding: ZBranding,
  distributorOrderId: z.string().nullable().describe('Null until a distributor-backed order was staged from this quote'),
  distributorOrderLineCount: z.number().int().describe('0 when no distributor-backed order was staged'),
}).meta({ id: 'QuoteDetail' });

export const ZListQuotesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  orgId: z.string().uuid().optional(),
  status: z.enum(QUOTE_STATUSES).optional(),
});

export const ZQuoteLineParams = z.object({ id: z.string().uuid(), lineId: z.string() });
export const ZQuoteBlockParams = z.object({ id: z.string().uuid(), blockId: z.string() });
export const ZTokenParams = z.object({ token: z.string().min(1).max(200) });
export { ZBulkIds };

export type TQuote = z.infer<typeof ZQuote>;
export type TQuoteLine = z.infer<typeof ZQuoteLine>;
