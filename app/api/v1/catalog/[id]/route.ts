// /api/v1/catalog/:id — one catalog item.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCatalogItem, ZUpdateCatalogItem } from '@/lib/catalog/schemas';
import { getCatalogItemOrThrow } from '@/lib/catalog/get-catalog-item-or-throw';
import { toCatalogItemDto } from '@/lib/catalog/to-catalog-item-dto';
import { updateCatalogItem } from '@/lib/catalog/update-catalog-item';
import { deleteCatalogItem } from '@/lib/catalog/delete-catalog-item';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  scopes: ['system', 'partner'],
  params: ZIdParams,
  summary: 'Get a catalog item',
  tags: ['Billing'],
  response: z.object({ data: ZCatalogItem }),
  handler: async ({ ctx, params }) => ({ data: toCatalogItemDto(await getCatalogItemOrThrow(ctx, params.id)) }),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  scopes: ['system', 'partner'],
  params: ZIdParams,
  body: ZUpdateCatalogItem,
  summary: 'Update a catalog item',
  description: '`prices` replaces the whole price set. Lines already priced from the item keep their prices.',
  tags: ['Billing'],
  response: z.object({ data: ZCatalogItem }),
  audit: 'catalog_item.update',
  handler: ({ ctx, params, body }) => updateCatalogItem(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  scopes: ['system', 'partner'],
  params: ZIdParams,
  summary: 'Delete a catalog item',
  description: 'Soft delete: the item leaves lists and lookups (new lines naming it get 400 `CATALOG_ITEM_NOT_FOUND`); existing lines keep their reference and prices. 204.',
  tags: ['Billing'],
  audit: 'catalog_item.delete',
  handler: ({ ctx, params }) => deleteCatalogItem(ctx, params.id),
});
