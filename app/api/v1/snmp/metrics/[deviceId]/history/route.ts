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
  description: 'Per OID, points of avg/min/max/last over bins of `bucketSeconds` (5 min for 1h and 6h, 15 min for 24h, 1 h for 7d, 6 h for 30d), from the 5-minute SNMP history kept METRIC_HISTORY_DAYS.',
  tags: ['SNMP'],
  response: ZHistory,
  handler: ({ ctx, params, query }) => snmpMetricHistory(ctx, params.deviceId, query),
});
