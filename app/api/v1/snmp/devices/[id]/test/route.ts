// POST /api/v1/snmp/devices/:id/test — test credentials.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZTestResult, ZTestSnmpDeviceBody } from '@/lib/snmp/schemas';
import { testSnmpDevice } from '@/lib/snmp/poll-snmp-device-now';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  body: ZTestSnmpDeviceBody,
  summary: 'Test SNMP credentials',
  description: 'Reads sysDescr, sysObjectID and sysName with the stored credentials, or with `credentials` from the body (not saved). Stores nothing. A wrong community times out (SNMP v2c does not answer it); a wrong v3 key or user is reported as such. A device polled by a probe agent cannot be reached from the server: `ok: false`, poll it now instead.',
  tags: ['SNMP'],
  response: ZTestResult,
  audit: 'snmp_device.test',
  handler: ({ ctx, params, body }) => testSnmpDevice(ctx, params.id, body),
});
