// POST /api/v1/discovery/assets/:id/ignore — hide an asset from the list and from later scans.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZAsset, ZIgnoreAsset } from '@/lib/discovery/schemas';
import { ignoreAsset } from '@/lib/discovery/assets';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:manage',
  params: ZIdParams,
  body: ZIgnoreAsset,
  summary: 'Ignore a discovered asset',
  description: 'Needs `discovery:manage`. An ignored asset leaves the asset list (it shows with `status=ignored`) and its address is not probed by later scans. `{"ignored": false}` shows it again. Idempotent.',
  tags: ['Discovery'],
  response: ZAsset,
  handler: ({ ctx, params, body }) => ignoreAsset(ctx, params.id, body),
});
