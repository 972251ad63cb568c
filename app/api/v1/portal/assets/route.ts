// GET /api/v1/portal/assets — assets the portal user may borrow.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZListPortalAssetsQuery, ZPortalAsset } from '@/lib/portal/assets/schemas';
import { listPortalAssets } from '@/lib/portal/assets/portal-assets';

export const GET = defineRoute({
  auth: 'portal',
  permission: 'devices:read',
  query: ZListPortalAssetsQuery,
  summary: 'Checkout-able assets of my organization',
  description: 'Devices and other assets the MSP marked checkout-able, with who has each since when. `available=true` lists what can be borrowed now, `mine=true` what I have.',
  tags: ['Portal'],
  response: ZPageOf(ZPortalAsset),
  handler: ({ ctx, query }) => listPortalAssets(ctx, query),
});
