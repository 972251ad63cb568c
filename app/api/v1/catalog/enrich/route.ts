// POST /api/v1/catalog/enrich — draft a catalog item from a name or SKU (writes nothing).
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { ZEnrichCatalogItem, ZEnrichResult } from '@/lib/catalog/schemas';
import { enrichCatalogItem } from '@/lib/catalog/enrich-catalog-item';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  scopes: ['system', 'partner'],
  body: ZEnrichCatalogItem,
  summary: 'Draft a catalog item’s fields from a product name or SKU',
  description: [
    'Looks the name or SKU up in the partner’s own catalog history (live, inactive and deleted items; no network): an exact SKU match wins, then an exact name, then the most similar name (shared words). The matched item’s name, SKU, description, type and prices become the draft (a similar-name match keeps the name and SKU you sent).',
    'Without a match the draft carries what you sent, a type guessed from the words of the name, and no prices (`source: none`). Nothing is written; create the item with `POST /catalog`.',
  ].join('\n\n'),
  tags: ['Billing'],
  response: z.object({ data: ZEnrichResult }),
  audit: false,
  handler: ({ ctx, body }) => enrichCatalogItem(ctx, body),
});
