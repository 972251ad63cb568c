import { z } from 'zod';
import { ZCursorPageMeta, ZTimestamp } from '@/lib/http/common-schemas';
import { LINE_TYPES, ZBulkIds, ZCurrency, ZMoney, ZSortOrder, ZTaxRate, ZTotals } from '@/lib/billing/schemas';
import { ZQuantity } from '@/lib/billing/line-fields';

export const INVOICE_STATUSES = ['draft', 'issued', 'paid', 'void'] as const;
export const INVOICE_LINE_TYPES = ['manual', 'one_time'] as const;

const ZEmail = z.string().trim().toLowerCase().email().max(255);

const invoiceLineFields = {
  catalogItemId: z.string().uuid().nullable().describe('Catalog item the line is priced from (unitPrice defaults to its price in the invoice currency)'),
  description: z.string().trim().min(1).max(1000),
  unitPrice: ZMoney,
  quantity: ZQuantity,
  taxRate: ZTaxRate,
  sortOrder: ZSortOrder,
};

export const ZCreateInvoiceLine = z
  .object({ type: z.enum(INVOICE_LINE_TYPES).describe('Lines added by hand; per-device lines come from contract billing. Immutable.'), ...invoiceLineFields })
  .partial()
  .required({ type: true })
  .strict();

export const ZUpdateInvoiceLine = z
  .object({ ...invoiceLineFields, type: z.unknown().describe('Immutable: present → 400 INVALID_LINE_PATCH') })
  .partial()
  .strict();

const invoiceFields = {
  notes: z.string().max(20_000),
  recipientEmail: ZEmail.nullable().describe('Who receives the invoice (default: the organization’s billing contact email)'),
  paymentTermsDays: z.number().int().min(0).max(365).describe('dueDate = issue date + these days'),
};

export const ZCreateInvoice = z
  .object({
    orgId: z.string().uuid().optional().describe('Required for partner and system callers'),
    currency: ZCurrency,
    notes: invoiceFields.notes.default(''),
    recipientEmail: invoiceFields.recipientEmail.optional(),
    paymentTermsDays: invoiceFields.paymentTermsDays.default(30),
    lines: z.array(ZCreateInvoiceLine).max(500).default([]),
  })
  .strict();

export const ZUpdateInvoice = z.object(invoiceFields).partial().strict();

export const ZInvoiceLine = z.object({
  id: z.string(),
  invoiceId: z.string(),
  type: z.enum(LINE_TYPES),
  catalogItemId: z.string().nullable(),
  contractLineId: z.string().nullable().describe('The contract line a generated line bills'),
  description: z.string(),
  unitPrice: z.string(),
  quantity: z.string(),
  overageQuantity: z.number().int().nullable(),
  overageUnitPrice: z.string().nullable(),
  taxRate: z.string(),
  sortOrder: z.number().int(),
  subtotal: z.string(),
  taxAmount: z.string(),
  total: z.string(),
  evidenceRecorded: z.boolean().describe('Per-device evidence exists (GET /invoices/:id/lines/:lineId/devices)'),
}).meta({ id: 'InvoiceLine' });

export const ZInvoice = z.object({
  id: z.string(),
  partnerId: z.string(),
  orgId: z.string(),
  number: z.number().int().nullable().describe('Sequential per partner, assigned at issue'),
  displayNumber: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  currency: z.string(),
  contractId: z.string().nullable(),
  periodId: z.string().nullable(),
  quoteId: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  sentAt: ZTimestamp.nullable(),
  lastResentAt: ZTimestamp.nullable(),
  resendCount: z.number().int(),
  paidAt: ZTimestamp.nullable(),
  voidedAt: ZTimestamp.nullable(),
  voidReason: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  notes: z.string(),
  ...ZTotals,
  lines: z.array(ZInvoiceLine),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'Invoice' });

export const ZListInvoicesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  orgId: z.string().uuid().optional(),
  contractId: z.string().uuid().optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
});

export const ZVoidInvoice = z.object({ reason: z.string().trim().min(1).max(1000) }).strict();
export const ZBulkVoidInvoices = ZBulkIds.extend({ reason: z.string().trim().min(1).max(1000).describe('Shared by every voided invoice') }).strict();
export const ZMarkPaid = z.object({ paidAt: z.string().datetime({ offset: true }).optional() }).strict();
export const ZInvoiceLineParams = z.object({ id: z.string().uuid(), lineId: z.string() });

export const ZPublicLink = z.object({ url: z.string(), token: z.string(), linkVersion: z.number().int() }).meta({ id: 'InvoicePublicLink' });

export const ZLineDevicesQuery = z.object({
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const ZLineDevice = z.object({
  deviceId: z.string(),
  hostname: z.string(),
  role: z.string(),
  countedAs: z.enum(['included', 'overage', 'flagged']),
});

export const ZLineDevices = z.object({
  recorded: z.boolean().describe('false for lines of invoices generated before evidence was recorded (and lines not generated from a per-device contract line)'),
  data: z.array(ZLineDevice),
  pagination: ZCursorPageMeta,
});

export type TInvoice = z.infer<typeof ZInvoice>;
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;
