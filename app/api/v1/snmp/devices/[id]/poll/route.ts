// POST /api/v1/snmp/devices/:id/poll — poll now.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZPollResult } from '@/lib/snmp/schemas';
import { pollSnmpDeviceNow } from '@/lib/snmp/poll-snmp-device-now';

export const POST = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  summary: 'Poll an SNMP device now',
  description: 'Polls every OID of the device now and stores the values like a scheduled poll (history, thresholds, device status). A device that does not answer is 200 with `ok: false` and the reason. A device polled by a probe agent is polled by queueing an `snmp_poll` command on the probe (or reusing the one it has not answered yet): the answer carries `probeCommandId` and no values; the values arrive with the command\'s result.',
  tags: ['SNMP'],
  response: ZPollResult,
  audit: 'snmp_device.poll',
  handler: ({ ctx, params }) => pollSnmpDeviceNow(ctx, params.id),
});
