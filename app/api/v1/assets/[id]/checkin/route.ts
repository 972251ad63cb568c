// POST /api/v1/assets/:id/checkin — the service desk checks an asset back in.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAsset } from '@/lib/assets/schemas';
import { checkinAsset } from '@/lib/assets/checkout-asset';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  summary: 'Check an asset in',
  description: 'Closes the open checkout, whoever has it, recording the signed-in user and the time. 409 `ASSET_NOT_CHECKED_OUT` when nobody has it.',
  tags: ['Assets'],
  response: ZAsset,
  handler: ({ ctx, params }) => checkinAsset(ctx, params.id),
});
