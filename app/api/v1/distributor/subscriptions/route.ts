// GET /api/v1/distributor/subscriptions — synchronised subscription snapshots.
import { defineRoute } from '@/lib/http/define-route';
import { ZListSubscriptionsQuery, ZSubscriptionList } from '@/lib/distributor/schemas';
import { listSubscriptions } from '@/lib/distributor/list-subscriptions';
import { DISTRIBUTOR_ACCESS, DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  query: ZListSubscriptionsQuery,
  summary: 'List distributor subscriptions',
  description: `${DISTRIBUTOR_ACCESS} With \`integrationId\` the partner is derived from it. Filters: \`orgId\` (subscriptions of companies mapped to that organization; 404 when outside your access), \`unmappedOnly=true\` (not linked to a contract line); \`limit\` 1 to 500, default 100. \`quantity\` is the distributor's latest quantity as a string; \`quantityKnown\` is false when no credible quantity was reported (then \`quantity\` is null: unknown is not zero). \`activeCommitmentId\`/\`activeCommitmentAmbiguous\` say which commitment governs quantity and cancellation. \`billingQuantity\` is the linked manual contract line's quantity, null when not linked.`,
  tags: DISTRIBUTOR_TAGS,
  response: ZSubscriptionList,
  handler: ({ ctx, query }) => listSubscriptions(ctx, query),
});
