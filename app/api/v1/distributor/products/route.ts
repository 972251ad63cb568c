// GET /api/v1/distributor/products — distributor products mapped to catalog items.
import { defineRoute } from '@/lib/http/define-route';
import { ZPartnerQuery, ZProductList } from '@/lib/distributor/schemas';
import { listProducts } from '@/lib/distributor/list-products';
import { DISTRIBUTOR_ACCESS, DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  query: ZPartnerQuery,
  summary: 'List distributor products mapped to the catalog',
  description: `${DISTRIBUTOR_ACCESS} Up to 200 active mapped items, by product name; local data only (no distributor call). A synchronised, active distributor product is mapped to the active catalog item whose \`sku\` equals the product's \`vendorSkuId\`. These pairs are the only ones a \`new_subscription\` order line accepts.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZProductList,
  handler: ({ ctx, query }) => listProducts(ctx, query),
});
