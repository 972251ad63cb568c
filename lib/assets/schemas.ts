import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';

export const ASSET_KINDS = ['device', 'monitor', 'phone', 'tablet', 'printer', 'network', 'peripheral', 'license', 'other'] as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();
const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ZCreateAsset = z
  .object({
    orgId: z.string().uuid(),
    siteId: z.string().uuid().nullable().optional(),
    deviceId: z.string().uuid().nullable().optional().describe('The RMM device this asset describes (kind `device`)'),
    kind: z.enum(ASSET_KINDS),
    name: z.string().trim().min(1).max(255),
    assetTag: text(100).optional().describe('Unique among the organization’s assets'),
    serialNumber: text(255).optional(),
    manufacturer: text(255).optional(),
    model: text(255).optional(),
    description: text(2000).optional(),
    checkoutable: z.boolean().default(false).describe('Portal users of the organization may borrow it'),
  })
  .strict();

export const ZUpdateAsset = z
  .object({
    siteId: z.string().uuid().nullable(),
    deviceId: z.string().uuid().nullable(),
    kind: z.enum(ASSET_KINDS),
    name: z.string().trim().min(1).max(255),
    assetTag: text(100),
    serialNumber: text(255),
    manufacturer: text(255),
    model: text(255),
    description: text(2000),
    checkoutable: z.boolean(),
  })
  .partial()
  .strict();

export const ZListAssetsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  orgId: z.string().uuid().optional(),
  siteId: z.string().uuid().optional(),
  kind: z.enum(ASSET_KINDS).optional(),
  checkoutable: queryBool.optional(),
  checkedOut: queryBool.optional().describe('true: currently checked out; false: available'),
  search: z.string().trim().max(255).optional().describe('Name, asset tag or serial number'),
});

export const ZCheckoutAsset = z
  .object({
    dueBackAt: z.coerce
      .date()
      .refine((d) => d.getTime() > Date.now(), 'must be in the future')
      .refine((d) => d.getTime() < Date.now() + 366 * 86_400_000, 'must be within a year')
      .nullable()
      .optional(),
    note: z.string().trim().max(1000).optional(),
  })
  .strict();

export const ZCheckout = z.object({
  id: z.string().uuid(),
  contact: z.object({ id: z.string().uuid(), name: z.string().nullable(), email: z.string().nullable() }),
  checkedOutAt: ZTimestamp,
  dueBackAt: ZTimestamp.nullable(),
  note: z.string().nullable(),
  checkedInAt: ZTimestamp.nullable(),
  checkedInBy: z.object({ type: z.enum(['contact', 'user']), id: z.string().uuid() }).nullable(),
}).meta({ id: 'AssetCheckout' });

export const ZAsset = z.object({
  id: z.string().uuid(),
  partnerId: z.string().uuid(),
  orgId: z.string().uuid(),
  siteId: z.string().uuid().nullable(),
  deviceId: z.string().uuid().nullable(),
  kind: z.enum(ASSET_KINDS),
  name: z.string(),
  assetTag: z.string().nullable(),
  serialNumber: z.string().nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  description: z.string().nullable(),
  checkoutable: z.boolean(),
  checkout: ZCheckout.nullable().describe('The open checkout: who has it since when; null when available'),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'Asset' });
