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
  description: 'Reads sysDescr, sysObjectID and sysName with the stored credentials, or with `credentials` from the body (not saved). Stores nothing. A wrong community times out (SNMP v2c does not answer it); a wrong v3 key or user is reported as such. A device polled by a probe agent is tested by the probe: an `snmp_test` command is queued on it (the agent fetches the plan, with the credentials, at `GET /agents/{agentId}/snmp/polls/{commandId}` and returns the identity as the command result) and the route waits up to `waitSeconds` (default 15, at most 30) for the answer by re-reading the command in the database; nothing waits in memory elsewhere. The answer names the command (`probeCommandId`); when the probe has not answered in time it is `ok: false, pending: true`, and the result arrives later at `GET /devices/{probeDeviceId}/commands/{probeCommandId}`. A probe that is gone or decommissioned answers `ok: false` at once.',
  tags: ['SNMP'],
  response: ZTestResult,
  audit: 'snmp_device.test',
  handler: ({ ctx, params, body }) => testSnmpDevice(ctx, params.id, body),
});
