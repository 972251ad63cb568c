// /api/v1/analytics/executive-summary — fleet and service figures per organization.
import { defineRoute } from '@/lib/http/define-route';
import { ZExecutiveSummary, ZExecutiveSummaryQuery } from '@/lib/analytics/schemas';
import { getExecutiveSummary, MAX_AVAILABILITY_DEVICES, MAX_SUMMARY_ORGS } from '@/lib/analytics/get-executive-summary';
import { METRIC_DEVICE_DAYS_BUDGET } from '@/lib/analytics/query-schemas';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:read',
  query: ZExecutiveSummaryQuery,
  summary: 'Executive summary',
  description: `Needs \`analytics:read\`. For each organization in scope (by name, at most ${MAX_SUMMARY_ORGS}; \`orgId\` for one) and in total, over \`from\`–\`to\` (default the last 30 days, at most 366): active devices and the share online now, alerts triggered by severity, tickets opened and tickets resolved or closed, patch compliance (devices up to date, as GET /patches/compliance) and availability (mean share of the range's 5-minute intervals with a heartbeat). Availability reads the history of at most ${METRIC_DEVICE_DAYS_BUDGET} device-days (and ${MAX_AVAILABILITY_DEVICES} devices), the most recently seen first; \`availabilityDevicesRead\` says how many.`,
  tags: ['Analytics'],
  response: ZExecutiveSummary,
  handler: ({ ctx, query }) => getExecutiveSummary(ctx, query),
});
