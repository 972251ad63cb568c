// GET /api/v1/discovery/assets — what scans found.
import { defineRoute } from '@/lib/http/define-route';
import { ZAssetPage, ZListAssetsQuery } from '@/lib/discovery/schemas';
import { listAssets } from '@/lib/discovery/assets';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'discovery:read',
  query: ZListAssetsQuery,
  summary: 'List discovered assets',
  description: 'Needs `discovery:read`. Most recently seen first. One asset per host and organization: deduplicated by MAC, then by IP (an asset without a MAC), then by hostname. `vendor` comes from the MAC’s OUI (IEEE registry, shipped with the service); `openPorts` are the ports that accepted a connection in the last scan; `snmp` the identity read with one of the profile’s credentials. Ignored assets are left out unless `status=ignored`. Filters: `orgId`, `profileId`, `status` (discovered, linked, monitored, ignored), `search`.',
  tags: ['Discovery'],
  response: ZAssetPage,
  handler: ({ ctx, query }) => listAssets(ctx, query),
});
