// /api/v1/analytics/os-distribution — devices by operating system and version.
import { defineRoute } from '@/lib/http/define-route';
import { ZOsDistribution, ZOsDistributionQuery } from '@/lib/analytics/schemas';
import { getOsDistribution } from '@/lib/analytics/get-os-distribution';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:read',
  query: ZOsDistributionQuery,
  summary: 'OS distribution',
  description: 'Needs `analytics:read`. Devices in scope (not decommissioned or uninstalled; `orgId`, `siteId` narrow it) counted by OS type (null: not reported yet, e.g. provisioned devices) and by OS type and version, most common first (at most 100 versions).',
  tags: ['Analytics'],
  response: ZOsDistribution,
  handler: ({ ctx, query }) => getOsDistribution(ctx, query),
});
