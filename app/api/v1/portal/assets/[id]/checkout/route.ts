// POST /api/v1/portal/assets/:id/checkout — borrow an asset.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZCheckoutAsset } from '@/lib/assets/schemas';
import { ZPortalAsset } from '@/lib/portal/assets/schemas';
import { checkoutPortalAsset } from '@/lib/portal/assets/portal-assets';

export const POST = defineRoute({
  auth: 'portal',
  // Any portal user of the organization may borrow its checkout-able assets; the tenancy is the session's organization.
  permission: 'none',
  params: ZIdParams,
  body: ZCheckoutAsset,
  status: 201,
  summary: 'Check an asset out',
  description: 'Records who (the signed-in contact) and when, with an optional `dueBackAt` (future, within a year) and `note`. 409 `ASSET_CHECKED_OUT` when someone (or you) already has it — of two concurrent checkouts exactly one succeeds; 409 `ASSET_NOT_CHECKOUTABLE` for assets the MSP did not mark checkout-able. Needs `X-CSRF-Token`.',
  tags: ['Portal'],
  response: ZPortalAsset,
  handler: ({ ctx, params, body }) => checkoutPortalAsset(ctx, params.id, body),
});
