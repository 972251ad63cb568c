// GET /api/v1/snmp/metrics/:deviceId/:oid — one OID: latest value and history.
import { z } from 'zod';
import { defineRoute } from '@/lib/http/define-route';
import { HISTORY_RANGES, ZDeviceOidParams, ZOidMetric } from '@/lib/snmp/schemas';
import { snmpOidMetric } from '@/lib/snmp/read-snmp-metrics';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceOidParams,
  query: z.object({ range: z.enum(HISTORY_RANGES).default('24h') }),
  summary: 'One SNMP OID of a device',
  description: 'The latest value (null when never polled) and the history of one OID instance over `range`.',
  tags: ['SNMP'],
  response: ZOidMetric,
  handler: ({ ctx, params, query }) => snmpOidMetric(ctx, params.deviceId, params.oid, query.range),
});
