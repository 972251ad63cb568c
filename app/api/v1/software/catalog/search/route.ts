// GET /api/v1/software/catalog/search — quick lookup for pickers.
import { defineRoute } from '@/lib/http/define-route';
import { ZCatalogSearchQuery, ZCatalogSearchResult } from '@/lib/software/schemas';
import { searchCatalogPackages } from '@/lib/software/search-catalog-packages';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'software:read',
  query: ZCatalogSearchQuery,
  summary: 'Search the software catalog',
  description: 'Up to `limit` packages (default 20, max 50) whose name, vendor or package reference contains `q`; names starting with `q` come first.',
  tags: ['Software'],
  response: ZCatalogSearchResult,
  handler: ({ ctx, query }) => searchCatalogPackages(ctx, query),
});
