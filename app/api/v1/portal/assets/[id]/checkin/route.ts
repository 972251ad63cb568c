// POST /api/v1/portal/assets/:id/checkin — return a borrowed asset.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPortalAsset } from '@/lib/portal/assets/schemas';
import { checkinPortalAsset } from '@/lib/portal/assets/portal-assets';

export const POST = defineRoute({
  auth: 'portal',
  // Returning what one borrowed needs no more than being its borrower (checked in the query).
  permission: 'none',
  params: ZIdParams,
  summary: 'Check an asset in',
  description: 'Closes your checkout with who and when. 409 `ASSET_NOT_CHECKED_OUT` when nobody has it; 409 `ASSET_CHECKED_OUT_BY_OTHER` when someone else does (the service desk checks those in). Needs `X-CSRF-Token`.',
  tags: ['Portal'],
  response: ZPortalAsset,
  handler: ({ ctx, params }) => checkinPortalAsset(ctx, params.id),
});
