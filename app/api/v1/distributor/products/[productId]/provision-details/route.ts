// GET /api/v1/distributor/products/:productId/provision-details — live provisioning fields.
import { defineRoute } from '@/lib/http/define-route';
import { ZPartnerQuery, ZProductParams, ZProvisionDetails } from '@/lib/distributor/schemas';
import { getProvisionDetails } from '@/lib/distributor/product-live-calls';
import { DISTRIBUTOR_ACCESS, DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  params: ZProductParams,
  query: ZPartnerQuery,
  summary: 'Get a product’s provisioning fields',
  description: `${DISTRIBUTOR_ACCESS} A live call to the distributor for a product the integration has synchronised (404 otherwise): \`{ data: [{ key, label, description, valueType, possibleValues }] }\`, \`valueType\` one of Input, Single-Value, Multi-Value. The distributor gives no reliable requiredness: preflight is authoritative. Submitted forms are \`{ key, values: [string] }\`. 502 \`DISTRIBUTOR_UNAVAILABLE\` when the distributor fails.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZProvisionDetails,
  handler: ({ ctx, params, query }) => getProvisionDetails(ctx, params.productId, query),
});
