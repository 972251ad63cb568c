import { z } from 'zod';
import { ZTimestamp } from '@/lib/http/common-schemas';
import { ZCurrency, ZMoney } from '@/lib/billing/schemas';

export const CATALOG_ITEM_TYPES = ['service', 'hardware', 'software_licence', 'labour', 'per_device'] as const;

const ZPrices = z
  .array(z.object({ currency: ZCurrency, unitPrice: ZMoney }).strict())
  .max(50)
  .refine((prices) => new Set(prices.map((p) => p.currency)).size === prices.length, 'One price per currency')
  .describe('Prices per currency; replaces the whole set on update');

const fields = {
  name: z.string().trim().min(1).max(255),
  sku: z.string().trim().min(1).max(100).nullable(),
  description: z.string().max(10_000),
  type: z.enum(CATALOG_ITEM_TYPES),
  active: z.boolean(),
  prices: ZPrices,
};

export const ZCreateCatalogItem = z
  .object({
    partnerId: z.string().uuid().optional().describe('System callers only: the partner that owns the item'),
    ...fields,
    sku: fields.sku.optional(),
    description: fields.description.default(''),
    active: fields.active.default(true),
    prices: ZPrices.default([]),
  })
  .strict();

export const ZUpdateCatalogItem = z.object(fields).partial().strict();

export const ZCatalogItem = z.object({
  id: z.string(),
  partnerId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  description: z.string(),
  type: z.enum(CATALOG_ITEM_TYPES),
  active: z.boolean(),
  prices: z.array(z.object({ currency: z.string(), unitPrice: z.string() })),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
}).meta({ id: 'CatalogItem' });

export const ZListCatalogQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().trim().max(255).optional().describe('Matches name or SKU (case-insensitive)'),
  type: z.enum(CATALOG_ITEM_TYPES).optional(),
  active: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  partnerId: z.string().uuid().optional().describe('System callers: one partner’s catalog'),
});

export const ZEnrichCatalogItem = z
  .object({
    partnerId: z.string().uuid().optional().describe('System callers only'),
    name: z.string().trim().min(1).max(255).optional(),
    sku: z.string().trim().min(1).max(100).optional(),
  })
  .strict()
  .refine((v) => v.name !== undefined || v.sku !== undefined, { message: 'Give a name or a SKU', path: ['name'] });

export const ZEnrichResult = z.object({
  draft: z.object({
    name: z.string(),
    sku: z.string().nullable(),
    description: z.string(),
    type: z.enum(CATALOG_ITEM_TYPES),
    prices: z.array(z.object({ currency: z.string(), unitPrice: z.string() })),
  }),
  source: z.enum(['catalog_history', 'none']).describe('catalog_history: drafted from a matching item of the partner’s catalog (live, inactive or deleted)'),
  match: z.enum(['sku', 'name', 'similar_name']).nullable(),
  matchedItemId: z.string().nullable(),
});

export type TCatalogItem = z.infer<typeof ZCatalogItem>;
