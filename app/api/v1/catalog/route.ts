// /api/v1/catalog — the partner's product and service catalog.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZCatalogItem, ZCreateCatalogItem, ZListCatalogQuery } from '@/lib/catalog/schemas';
import { listCatalogItems } from '@/lib/catalog/list-catalog-items';
import { createCatalogItem } from '@/lib/catalog/create-catalog-item';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'contracts:read',
  scopes: ['system', 'partner'],
  query: ZListCatalogQuery,
  summary: 'List catalog items',
  description: 'Live catalog items of the caller’s partner (system callers: every partner, or one with `partnerId`), by name.',
  tags: ['Billing'],
  response: ZPageOf(ZCatalogItem),
  handler: ({ ctx, query }) => listCatalogItems(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  scopes: ['system', 'partner'],
  body: ZCreateCatalogItem,
  status: 201,
  summary: 'Create a catalog item',
  description: [
    'Types: `service`, `hardware`, `software_licence`, `labour`, `per_device`. `prices` holds at most one money string per ISO 4217 currency. A SKU is unique among the partner’s live items (409 `SKU_TAKEN`).',
    '409 `service_management_off` when the partner’s service-management mode is `off`. System callers give `partnerId`.',
  ].join('\n\n'),
  tags: ['Billing'],
  response: z.object({ data: ZCatalogItem }),
  audit: 'catalog_item.create',
  handler: ({ ctx, body }) => createCatalogItem(ctx, body),
});
