// GET /api/v1/distributor/products/:productId/dependencies — live commitment rules.
import { defineRoute } from '@/lib/http/define-route';
import { ZDependencies, ZPartnerQuery, ZProductParams } from '@/lib/distributor/schemas';
import { getProductDependencies } from '@/lib/distributor/product-live-calls';
import { DISTRIBUTOR_ACCESS, DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  params: ZProductParams,
  query: ZPartnerQuery,
  summary: 'Get a product’s commitment rules',
  description: `${DISTRIBUTOR_ACCESS} A live call to the distributor for a synchronised product (404 otherwise): \`{ data: { commitments: [{ id, term, allowForQuantityIncrease, allowForQuantityDecrease, allowForEarlyCancellation, cancellationFeeApplied }] } }\`. 502 \`DISTRIBUTOR_UNAVAILABLE\` when the distributor fails.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZDependencies,
  handler: ({ ctx, params, query }) => getProductDependencies(ctx, params.productId, query),
});
