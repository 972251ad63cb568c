// POST /api/v1/snmp/thresholds — a bound on one OID of one device.
import { defineRoute } from '@/lib/http/define-route';
import { ZCreateSnmpThreshold, ZSnmpThreshold } from '@/lib/snmp/schemas';
import { createSnmpThreshold } from '@/lib/snmp/snmp-thresholds';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'alerts:write',
  body: ZCreateSnmpThreshold,
  status: 201,
  summary: 'Create an SNMP threshold',
  description: 'Each poll compares the OID\'s value (a counter\'s rate per second) with `value` using `operator`; a breach raises an alert (source `snmp`, one open alert per threshold) through the alert lifecycle, and the first poll back within bounds resolves it.',
  tags: ['SNMP'],
  response: ZSnmpThreshold,
  audit: 'snmp_threshold.create',
  handler: ({ ctx, body }) => createSnmpThreshold(ctx, body),
});
