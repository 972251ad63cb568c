// GET /api/v1/snmp/metrics/:deviceId/history — time series of a device's numeric OIDs.
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceIdParams, ZHistory, ZHistoryQuery } from '@/lib/snmp/schemas';
import { snmpMetricHistory } from '@/lib/snmp/read-snmp-metrics';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceIdParams,
  query: ZHistoryQuery,
  summary: 'SNMP value history of a device',
  description: 'Per OID, points of avg/min/max/last over bins of `bucketSeconds` (5 min for 1h and 6h, 15 min for 24h, 1 h for 7d, 6 h for 30d, 1 day for 90d and 1y). Like device metrics, SNMP history is stored in tiers: 5-minute buckets kept METRIC_HISTORY_DAYS, hourly rollups kept METRIC_HOURLY_DAYS, daily rollups kept METRIC_DAILY_DAYS; each period is read from the coarsest tier that fits the bins.',
  tags: ['SNMP'],
  response: ZHistory,
  handler: ({ ctx, params, query }) => snmpMetricHistory(ctx, params.deviceId, query),
});
