// Shapes of the distributor order routes (doc 2 "Distributor ordering", line-staging table).
import { z } from 'zod';
import { zText } from '@/lib/http/storable-text';

const QUANTITY = /^\d{1,10}(\.\d{1,2})?$/;
const quantity = z.string().regex(QUANTITY, 'A decimal string with up to 10 digits and 2 decimal places');
const distributorId = zText(100, 1);

export const BILLING_TERMS = ['Monthly', 'Annual', '2-Year', '3-Year', 'One-Time', 'Trial', 'Activation'] as const;

export const ZProvisioningDetails = z
  .array(z.strictObject({ key: zText(200, 1), values: z.array(zText(1000)).max(50) }))
  .max(100);

export const ZCreateOrder = z.strictObject({ orgId: z.string().uuid() });

export const ZListOrdersQuery = z.object({
  partnerId: z.string().uuid().optional().describe('System callers without orgId: the partner whose queue to list'),
  orgId: z.string().uuid().optional().describe('That organization’s order history, newest first, up to 100'),
});

export const ZStageLine = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('new_subscription'),
    distributorProductId: distributorId,
    catalogItemId: z.string().uuid(),
    billingTerm: z.enum(BILLING_TERMS),
    quantity: quantity.refine((v) => Number(v) > 0, 'Must be greater than 0'),
    commitmentTermId: distributorId.optional(),
    provisioningDetails: ZProvisioningDetails.optional(),
  }),
  z.strictObject({
    action: z.literal('change_quantity'),
    targetSubscriptionId: z.string().uuid(),
    quantity,
  }),
  z.strictObject({
    action: z.literal('cancel'),
    targetSubscriptionId: z.string().uuid(),
    cancelDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD').optional(),
  }),
]);

export const ZPatchLine = z
  .strictObject({
    commitmentTermId: distributorId.nullable().optional(),
    provisioningDetails: ZProvisioningDetails.optional(),
  })
  .refine((v) => v.commitmentTermId !== undefined || v.provisioningDetails !== undefined, { message: 'Give commitmentTermId and/or provisioningDetails' });

export const ZLineParams = z.object({ id: z.string().uuid(), lineId: z.string().uuid() });

export const ZOrderLine = z.object({
  id: z.string().uuid(),
  orderId: z.string().uuid(),
  action: z.enum(['new_subscription', 'change_quantity', 'cancel']),
  submitState: z.enum(['pending', 'in_flight', 'succeeded', 'failed', 'needs_reconcile']),
  distributorProductId: z.string().nullable(),
  catalogItemId: z.string().uuid().nullable(),
  billingTerm: z.string().nullable(),
  quantity: z.string().nullable(),
  commitmentTermId: z.string().nullable(),
  provisioningDetails: z.array(z.object({ key: z.string(), values: z.array(z.string()) })),
  targetSubscriptionId: z.string().uuid().nullable(),
  contractLineId: z.string().uuid().nullable(),
  quoteLineId: z.string().uuid().nullable(),
  cancelDate: z.string().nullable(),
  distributorOrderId: z.string().nullable(),
  resultSubscriptionId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'DistributorOrderLine' });

export const ZOrder = z.object({
  id: z.string().uuid(),
  status: z.enum(['draft', 'awaiting_details', 'ready', 'submitting', 'completed', 'partially_failed', 'failed', 'cancelled']),
  orgId: z.string().uuid(),
  integrationId: z.string().uuid(),
  source: z.enum(['direct', 'quote']),
  quoteId: z.string().uuid().nullable(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'DistributorOrder' });

export const ZOrderResult = z.object({ data: ZOrder });
export const ZOrderList = z.object({ data: z.array(ZOrder) });
export const ZOrderDetail = z.object({ data: z.object({ order: ZOrder, lines: z.array(ZOrderLine) }) });
export const ZLineResult = z.object({ data: ZOrderLine });
export const ZRemoved = z.object({ removed: z.literal(true) });
export const ZPreflightResult = z.object({ ok: z.literal(true) });
export const ZSubmitResult = z.object({
  orderId: z.string().uuid(),
  status: z.enum(['completed', 'partially_failed', 'failed']),
  lines: z.array(z.object({ lineId: z.string().uuid(), submitState: ZOrderLine.shape.submitState, error: z.string().optional() })),
});
export const ZReconcileResult = z.object({ resolved: z.number().int(), stillUnknown: z.number().int() });
