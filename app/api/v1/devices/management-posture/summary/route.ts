// GET /api/v1/devices/management-posture/summary — other management products still on devices.
import { defineRoute } from '@/lib/http/define-route';
import { ZPostureSummary, ZPostureSummaryQuery } from '@/lib/posture/schemas';
import { getPostureSummary } from '@/lib/posture/get-posture-summary';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  scopes: ['partner', 'system'],
  query: ZPostureSummaryQuery,
  summary: 'Management posture summary',
  description: [
    'Per visible organization (or the one `orgId`), how many devices carry each other management product (RMM and remote-access tools the agents fingerprint), by `status` (`active`: a service of it runs; `installed`: present, not running). Organizations with nothing found list no products.',
    '`totals.neverScanned`: enrolled devices that never reported posture (unknown, not clean); `totals.stale`: devices whose last report is older than `stalenessDays` (default 7, up to 365). A migration is not complete while either total is non-zero, or any product remains. Counts cover enrolled devices (online or offline).',
  ].join('\n\n'),
  tags: ['Devices'],
  response: ZPostureSummary,
  handler: ({ ctx, query }) => getPostureSummary(ctx, query),
});
