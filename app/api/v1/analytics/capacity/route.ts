// /api/v1/analytics/capacity — disk and memory trends with a forecast of days until full.
import { defineRoute } from '@/lib/http/define-route';
import { ZCapacity, ZCapacityQuery } from '@/lib/analytics/schemas';
import { getCapacity, MAX_CAPACITY_DEVICES } from '@/lib/analytics/get-capacity';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'analytics:read',
  query: ZCapacityQuery,
  summary: 'Capacity forecast',
  description: `Needs \`analytics:read\`. Per active device in scope (\`orgId\`, \`siteId\` narrow it): the daily average disk and memory use over the last \`days\` days (UTC days, today included), the least-squares slope of those averages (percentage points per day, from 3 days of data) and \`daysUntilFull\` = (100 − latest) ÷ slope, null when the trend is flat (< 0.01 points a day) or falling. Rows are sorted by the sooner of disk and memory, devices without a forecast last (fullest first). The history of at most ${MAX_CAPACITY_DEVICES} devices is read per request — those fullest by their latest heartbeat — and \`truncated\` says when the scope held more.`,
  tags: ['Analytics'],
  response: ZCapacity,
  handler: ({ ctx, query }) => getCapacity(ctx, query),
});
