// POST /api/v1/contracts/:id/generate-invoice — bill the next begun period now.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPeriodOutcome } from '@/lib/contracts/schemas';
import { ZInvoice } from '@/lib/invoices/schemas';
import { generateInvoiceNow } from '@/lib/contracts/generate-invoice-now';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  params: ZIdParams,
  status: 201,
  summary: 'Invoice the contract’s next billing period now',
  description: [
    'What the hourly billing sweep does for every active contract, for one period: snapshots the organization’s enrolled devices (online or offline), gives each to the first per-device line whose device set holds it (active contracts by start date, lines by sortOrder, createdAt, id), counts each line’s devices (by hostname) as included up to `includedQuantity`, then overage (mode `bill`) or flagged (mode `flag`), and writes the draft invoice (lines in contract order; a per-device line bills `includedQuantity` × unit price plus overage devices × overage price), the per-device evidence and the period outcome.',
    '409 `SITE_DELETED` / `GROUP_DELETED` (or `GROUP_EVALUATION_FAILED`) when a per-device line of an active contract of the organization points at a removed site or group: nothing is written until the line is re-scoped or removed. 409 `PERIOD_NOT_DUE` before the next period starts, `CONTRACT_NOT_ACTIVE` unless active, `service_management_off` when the partner’s mode is off.',
  ].join('\n\n'),
  tags: ['Billing'],
  response: z.object({ data: z.object({ period: ZPeriodOutcome, invoice: ZInvoice }) }),
  audit: 'contract.generate_invoice',
  handler: ({ ctx, params }) => generateInvoiceNow(ctx, params.id),
});
