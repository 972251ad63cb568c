// GET /api/v1/assets/:id/checkouts — the asset's checkout history.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams, ZPageOf } from '@/lib/http/common-schemas';
import { ZCheckout } from '@/lib/assets/schemas';
import { listAssetCheckouts, ZCheckoutHistoryQuery } from '@/lib/assets/list-asset-checkouts';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  query: ZCheckoutHistoryQuery,
  summary: 'Checkout history of an asset',
  description: 'Who borrowed it, when, when it came back and who checked it in (the borrower or the service desk), newest first.',
  tags: ['Assets'],
  response: ZPageOf(ZCheckout),
  handler: ({ ctx, params, query }) => listAssetCheckouts(ctx, params.id, query),
});
