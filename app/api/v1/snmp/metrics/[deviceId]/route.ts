// GET /api/v1/snmp/metrics/:deviceId — the latest value of every polled OID.
import { defineRoute } from '@/lib/http/define-route';
import { ZDeviceIdParams, ZSnmpMetrics } from '@/lib/snmp/schemas';
import { latestSnmpMetrics } from '@/lib/snmp/read-snmp-metrics';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZDeviceIdParams,
  summary: 'Latest SNMP values of a device',
  description: 'One entry per polled OID instance, in OID order. Counters are rates per second (null until the second poll).',
  tags: ['SNMP'],
  response: ZSnmpMetrics,
  handler: ({ ctx, params }) => latestSnmpMetrics(ctx, params.deviceId),
});
