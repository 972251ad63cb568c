// /api/v1/snmp/devices/:id — one SNMP device.
import { defineRoute } from '@/lib/http/define-route';
import { ZIdParams } from '@/lib/http/common-schemas';
import { ZSnmpDevice, ZUpdateSnmpDevice } from '@/lib/snmp/schemas';
import { deleteSnmpDevice, getSnmpDevice, updateSnmpDevice } from '@/lib/snmp/snmp-devices';

export const GET = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:read',
  params: ZIdParams,
  summary: 'Get an SNMP device',
  tags: ['SNMP'],
  response: ZSnmpDevice,
  handler: ({ ctx, params }) => getSnmpDevice(ctx, params.id),
});

export const PATCH = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  body: ZUpdateSnmpDevice,
  summary: 'Update an SNMP device',
  description: 'New `credentials` replace the stored ones (the version follows them); a new host, port or credentials make the next poll read the identity again.',
  tags: ['SNMP'],
  response: ZSnmpDevice,
  audit: 'snmp_device.update',
  handler: ({ ctx, params, body }) => updateSnmpDevice(ctx, params.id, body),
});

export const DELETE = defineRoute({
  auth: ['user', 'apiKey'],
  permission: 'devices:write',
  params: ZIdParams,
  status: 204,
  summary: 'Delete an SNMP device',
  description: 'Deletes the device, its values, history and thresholds; open threshold alerts are resolved.',
  tags: ['SNMP'],
  audit: 'snmp_device.delete',
  handler: ({ ctx, params }) => deleteSnmpDevice(ctx, params.id),
});
