// Field rules shared by catalog items, quotes, invoices and contracts, and their lines.
import { z } from 'zod';
import { MONEY_PATTERN, TAX_RATE_PATTERN, rateUnits } from '@/lib/billing/money';
import { isCurrency } from '@/lib/billing/currency';

export const LINE_TYPES = ['manual', 'per_device', 'one_time'] as const;
export const CONTRACT_LINE_TYPES = ['manual', 'per_device'] as const;
export const DEVICE_SET_TYPES = ['organization_wide', 'site', 'role', 'group'] as const;
export const OVERAGE_MODES = ['bill', 'flag'] as const;
export const MAX_BULK_IDS = 100;
export const MAX_INT32 = 2_147_483_647;

export const ZMoney = z
  .string()
  .regex(MONEY_PATTERN, 'Money must be a decimal string with up to 10 digits and at most 2 decimal places')
  .describe('Decimal string: up to 10 digits, at most 2 decimal places (e.g. "1234.50")');

export const ZTaxRate = z
  .string()
  // abort: the range check parses the digits (BigInt), which throws on anything else.
  .regex(TAX_RATE_PATTERN, { message: 'Tax rate must be a decimal string with at most 4 decimal places', abort: true })
  .refine((v) => rateUnits(v) <= 1_000_000n, 'Tax rate must be between 0 and 100')
  .describe('Percent as a decimal string, 0 to 100, at most 4 decimal places (e.g. "8.875")');

export const ZCurrency = z
  .string()
  .refine(isCurrency, 'Currency must be an ISO 4217 code in upper case (e.g. EUR)')
  .describe('ISO 4217 code');

export const ZSortOrder = z.number().int().min(0).max(MAX_INT32).describe('Non-negative 32-bit integer');
export const ZRole = z.string().trim().toLowerCase().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'Role names are 1-64 characters: letters, digits, - and _');
export const ZDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Date as YYYY-MM-DD', abort: true }).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Invalid date');

/** Device-set fields of a per-device line (create and patch share them). */
export const deviceSetFields = {
  siteId: z.string().uuid().nullable(),
  groupId: z.string().uuid().nullable(),
  roles: z.array(ZRole).max(20),
  includedQuantity: z.number().int().min(0).max(MAX_INT32).describe('Devices included at the unit price'),
  overageMode: z.enum(OVERAGE_MODES).describe('bill: devices beyond the included quantity are billed at overagePrice; flag: they are listed as flagged, not billed'),
  overagePrice: ZMoney.nullable().describe('Price per overage device (default: the unit price)'),
};

export const ZBulkIds = z.object({ ids: z.array(z.string().uuid()).min(1).max(MAX_BULK_IDS) }).strict();

export const ZBulkResult = z.object({
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      id: z.string(),
      result: z.enum(['updated', 'skipped', 'failed']),
      error: z.object({ code: z.string(), message: z.string() }).optional(),
    }),
  ),
}).meta({ id: 'BillingBulkResult' });

export const ZCurrencyChange = z
  .object({
    currency: ZCurrency,
    clearLines: z.boolean().optional().describe('Remove every line'),
    reprice: z.boolean().optional().describe('Re-price every line from its catalog item’s price in the new currency'),
  })
  .strict();

export const ZDeviceSetDto = {
  deviceSetType: z.enum(DEVICE_SET_TYPES).nullable(),
  siteId: z.string().nullable(),
  groupId: z.string().nullable(),
  roles: z.array(z.string()),
  includedQuantity: z.number().int().nullable(),
  overageMode: z.enum(OVERAGE_MODES).nullable(),
  overagePrice: z.string().nullable(),
};

export const ZTotals = { subtotal: z.string(), taxTotal: z.string(), total: z.string() };

/** Which contract line bills a device, and why not when none does. */
export const ZDeviceBilling = z.object({
  deviceId: z.string(),
  hostname: z.string(),
  role: z.string(),
  status: z.string(),
  billable: z.boolean(),
  reason: z.enum(['device_not_active', 'no_active_contract', 'no_matching_line']).nullable(),
  contract: z.object({ id: z.string(), name: z.string(), status: z.string(), currency: z.string() }).nullable(),
  line: z.object({ id: z.string(), description: z.string(), deviceSetType: z.string(), unitPrice: z.string(), includedQuantity: z.number().int(), overageMode: z.string() }).nullable(),
  matchKind: z.enum(['organization_wide', 'site', 'role', 'group']).nullable(),
}).meta({ id: 'DeviceBilling' });
