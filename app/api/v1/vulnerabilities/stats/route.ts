// GET /api/v1/vulnerabilities/stats — the priority counts.
import { defineRoute } from '@/lib/http/define-route';
import { ZStatsQuery, ZVulnerabilityStats } from '@/lib/vulnerabilities/schemas';
import { getVulnerabilityStats } from '@/lib/vulnerabilities/get-stats';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  query: ZStatsQuery,
  summary: 'Vulnerability priority counts',
  description:
    'Over the findings in scope (or of `orgId`): critical open CVEs, known-exploited exposure (open CVEs in the CISA catalog and the devices exposed), patch ready (open findings whose package has an update found by a patch scan), accepted findings whose acceptance ends within 7 days, and open findings by severity.',
  tags: ['Vulnerabilities'],
  response: ZVulnerabilityStats,
  handler: ({ ctx, query }) => getVulnerabilityStats(ctx, query),
});
