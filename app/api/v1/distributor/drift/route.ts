// GET /api/v1/distributor/drift — billing vs distributor quantity differences of synced links.
import { defineRoute } from '@/lib/http/define-route';
import { ZDrift, ZDriftQuery } from '@/lib/distributor/schemas';
import { listDrift } from '@/lib/distributor/list-drift';
import { DISTRIBUTOR_TAGS } from '@/lib/distributor/route-docs';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'billing:manage',
  scopes: ['partner', 'system'],
  query: ZDriftQuery,
  summary: 'List quantity drift between billing and the distributor',
  description: 'Partner or system scope with `billing:manage`; the partner is derived from `integrationId`. Rows `{ contractLineId, orgId, distributorSubscriptionId, productName, billingQuantity, distributorQuantity }` for sync-enabled links on manual contract lines whose last synchronised distributor quantity is known and differs from the line\'s billing quantity. Local data only: no distributor call, no write.',
  tags: DISTRIBUTOR_TAGS,
  response: ZDrift,
  handler: ({ ctx, query }) => listDrift(ctx, query),
});
