// /api/v1/assets/:id — one asset.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAsset, ZUpdateAsset } from '@/lib/assets/schemas';
import { getAssetOrThrow } from '@/lib/assets/get-asset-or-throw';
import { toAssetDto } from '@/lib/assets/to-asset-dto';
import { deleteAsset, updateAsset } from '@/lib/assets/update-asset';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Get an asset',
  tags: ['Assets'],
  response: ZAsset,
  handler: async ({ ctx, params }) => toAssetDto(await getAssetOrThrow(ctx, params.id)),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  body: ZUpdateAsset,
  summary: 'Update an asset',
  description: 'Only the fields sent change; null clears. Making a checked-out asset not checkout-able is refused (409 `ASSET_CHECKED_OUT`): check it in first.',
  tags: ['Assets'],
  response: ZAsset,
  handler: ({ ctx, params, body }) => updateAsset(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  summary: 'Delete an asset',
  description: 'Soft delete; its checkout history stays. 409 `ASSET_CHECKED_OUT` while someone has it.',
  tags: ['Assets'],
  handler: ({ ctx, params }) => deleteAsset(ctx, params.id),
});
