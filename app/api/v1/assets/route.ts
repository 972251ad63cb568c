// /api/v1/assets — assets the MSP manages for its organizations.
import { defineRoute } from '@/lib/http/define-route';
import { ZPageOf } from '@/lib/http/common-schemas';
import { ZAsset, ZCreateAsset, ZListAssetsQuery } from '@/lib/assets/schemas';
import { listAssets } from '@/lib/assets/list-assets';
import { createAsset } from '@/lib/assets/create-asset';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZListAssetsQuery,
  summary: 'List assets',
  description: 'Devices and other equipment or licences of the organizations in the caller’s scope, by name, each with its open checkout (who has it since when).',
  tags: ['Assets'],
  response: ZPageOf(ZAsset),
  handler: ({ ctx, query }) => listAssets(ctx, query),
});

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  body: ZCreateAsset,
  status: 201,
  summary: 'Create an asset',
  description: [
    'Kinds: `device`, `monitor`, `phone`, `tablet`, `printer`, `network`, `peripheral`, `license`, `other`. Assets of kind `device` are what portal users see under “My devices” until agents report devices; `deviceId` links the RMM device an asset describes.',
    '`checkoutable: true` lets the organization’s portal users borrow it (POST /portal/assets/:id/checkout). `assetTag` is unique among the organization’s assets (409 `ASSET_TAG_IN_USE`); `siteId` a site of the organization (400 `SITE_NOT_IN_ORG`); 404 for an organization outside the caller’s scope.',
  ].join('\n\n'),
  tags: ['Assets'],
  response: ZAsset,
  handler: ({ ctx, body }) => createAsset(ctx, body),
});
