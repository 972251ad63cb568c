// The query grammar in words, for the OpenAPI descriptions of the routes that take a query.
import { DIMENSIONS, MAX_GROUPS, MAX_METRIC_DEVICES, MAX_SPAN_DAYS, MAX_SPAN_DAYS_UNBUCKETED, MEASURES, METRIC_DEVICE_DAYS_BUDGET, QUERY_SOURCES } from '@/lib/analytics/query-schemas';

export const QUERY_GRAMMAR_DOC = [
  '**Grammar** — `source` picks the records, and with it the allowed `measure`s, `dimensions` (up to two) and `filters`:',
  ...QUERY_SOURCES.map((s) => `- \`${s}\`: measures ${MEASURES[s].map((m) => `\`${m}\``).join(', ')}; dimensions ${DIMENSIONS[s].map((d) => `\`${d}\``).join(', ')}`),
  'Filters: alerts `orgIds`, `siteIds`, `severities`, `statuses`; tickets `orgIds`, `siteIds`, `statuses`, `priorities`; devices `orgIds`, `siteIds`, `osTypes`, `statuses`; metrics `orgIds`, `siteIds`, `osTypes`, `deviceIds`.',
  '`timeRange` (all sources but devices, which are a snapshot of now): `{ from, to }` or `{ last: 24h|7d|30d|90d|365d }`; alerts by trigger time, tickets by creation, metrics by heartbeat time. The `time` dimension needs `bucket` (hour, day, week, month; UTC).',
  `**Bounded cost** — the range may span at most ${Object.entries(MAX_SPAN_DAYS).map(([b, d]) => `${d} days with ${b} buckets`).join(', ')} and ${MAX_SPAN_DAYS_UNBUCKETED} days without a time dimension (else 400 VALIDATION_ERROR); \`limit\` caps the groups (≤ ${MAX_GROUPS}). Metric queries read at most ${MAX_METRIC_DEVICES} devices and ${METRIC_DEVICE_DAYS_BUDGET} device-days (else 400 QUERY_TOO_COSTLY with the figures in details); a statement running past its timeout is cancelled (422 QUERY_TOO_COSTLY).`,
  '**Answer** — `rows` of `{ keys, value, count }`, `labels` naming the organization, site and device ids, `unit`, and `truncated` when more groups than `limit` matched.',
].join('\n\n');
