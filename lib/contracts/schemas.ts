import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { CONTRACT_LINE_TYPES, DEVICE_SET_TYPES, OVERAGE_MODES, ZCurrency, ZDate, ZDeviceSetDto, ZBulkIds } from '@/lib/billing/schemas';
import { lineBaseFields, ZQuantity } from '@/lib/billing/line-fields';

export const CONTRACT_STATUSES = ['draft', 'active', 'cancelled', 'expired'] as const;

export const ZCreateContractLine = z
  .object({ type: z.enum(CONTRACT_LINE_TYPES).describe('manual: manualQuantity × unitPrice every period; per_device: counted from the device set every period. Immutable.'), ...lineBaseFields, manualQuantity: ZQuantity })
  .partial()
  .required({ type: true })
  .strict();

export const ZUpdateContractLine = z
  .object({
    ...lineBaseFields,
    manualQuantity: ZQuantity,
    type: z.unknown().describe('Immutable: present → 400 INVALID_LINE_PATCH'),
  })
  .partial()
  .strict();

export const ZContractLine = z.object({
  id: z.string(),
  contractId: z.string(),
  type: z.enum(CONTRACT_LINE_TYPES),
  catalogItemId: z.string().nullable(),
  description: z.string(),
  unitPrice: z.string(),
  manualQuantity: z.string().nullable(),
  taxRate: z.string(),
  sortOrder: z.number().int(),
  ...ZDeviceSetDto,
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'ContractLine' });

const contractFields = {
  name: z.string().trim().min(1).max(255),
  startDate: ZDate.describe('First day of the first billing period; periods are monthly on this anniversary'),
  endDate: ZDate.nullable().describe('Last day covered; after it the contract expires'),
  paymentTermsDays: z.number().int().min(0).max(365),
  notes: z.string().max(10_000),
};

export const ZCreateContract = z
  .object({
    orgId: z.string().uuid().optional().describe('Required for partner and system callers'),
    currency: ZCurrency,
    ...contractFields,
    endDate: contractFields.endDate.optional(),
    paymentTermsDays: contractFields.paymentTermsDays.default(30),
    notes: contractFields.notes.default(''),
    lines: z.array(ZCreateContractLine).max(200).default([]),
  })
  .strict();

export const ZUpdateContract = z.object(contractFields).partial().strict();

export const ZContract = z.object({
  id: z.string(),
  partnerId: z.string(),
  orgId: z.string(),
  name: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  currency: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  notes: z.string(),
  nextPeriodStart: z.string(),
  quoteId: z.string().nullable(),
  activatedAt: ZTimestamp.nullable(),
  cancelledAt: ZTimestamp.nullable(),
  cancelReason: z.string().nullable(),
  lines: z.array(ZContractLine),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'Contract' });

export const ZListContractsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  orgId: z.string().uuid().optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
});

export const ZCancelContract = z.object({ reason: z.string().trim().max(1000).optional() }).strict();
export const ZBulkCancelContracts = ZBulkIds.extend({ reason: z.string().trim().max(1000).optional() }).strict();

export const ZContractLineParams = z.object({ id: z.string().uuid(), lineId: z.string() });
export const ZPeriodParams = z.object({ id: z.string().uuid(), periodId: z.string() });

export const ZPeriodOutcome = z.object({
  periodId: z.string(),
  contractId: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  invoiceId: z.string().nullable(),
  currency: z.string(),
  snapshotDeviceTotal: z.number().int().describe('Devices of the organization in the snapshot'),
  uncoveredTotal: z.number().int().describe('Devices no per-device line of an active contract covered'),
  uncoveredByRole: z.record(z.string(), z.number().int()),
  flaggedTotal: z.number().int().describe('Devices this contract’s lines flagged (beyond the included quantity, overage mode flag)'),
  billedOverageTotal: z.number().int().describe('Devices billed as overage'),
  billedOverageAmount: z.string().describe('Money billed for overage devices'),
  generatedAt: ZTimestamp,
});

export const ZContractPeriod = ZPeriodOutcome.meta({ id: 'ContractPeriod' });

export { DEVICE_SET_TYPES, OVERAGE_MODES };
export type TContract = z.infer<typeof ZContract>;
export type TContractLine = z.infer<typeof ZContractLine>;
