// POST /api/v1/discovery/assets/:id/link — tie an asset to an enrolled device.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAsset, ZLinkAsset } from '@/lib/discovery/schemas';
import { linkAsset } from '@/lib/discovery/assets';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:manage',
  params: ZIdParams,
  body: ZLinkAsset,
  summary: 'Link a discovered asset to a device',
  description: 'Needs `discovery:manage`. `deviceId` names an enrolled device of the asset’s organization (400 `DEVICE_NOT_FOUND` otherwise); `null` removes the link.',
  tags: ['Discovery'],
  response: ZAsset,
  handler: ({ ctx, params, body }) => linkAsset(ctx, params.id, body),
});
